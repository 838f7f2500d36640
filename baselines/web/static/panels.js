// The panels every game shares: the decision (prompt, context, legal actions), the log,
// a generic tree of the whole view, and the board (the game's own SVG, or the tree).
import { contextSentences } from "./explain.js";

const boards = {};

// The board module of a game (static/boards/<game>.js), loaded once; null if it fails.
export async function boardModule(envId) {
  const game = envId.replace(/_v\d+$/, "");
  if (!(game in boards)) {
    try { boards[game] = await import(`./boards/${game}.js`); }
    catch (e) { console.warn(`no board for ${game}`, e); boards[game] = null; }
  }
  return boards[game];
}

function h(tag, attrs = {}, parent = null, textContent = null) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (textContent !== null) node.textContent = textContent;
  if (parent) parent.appendChild(node);
  return node;
}

// The whole view as a collapsible tree (keys as the view names them).
export function tree(value, key = null) {
  const wrap = h("div", { class: "tree" });
  const add = (parent, k, v, open) => {
    if (v !== null && typeof v === "object" && Object.keys(v).length) {
      const d = h("details", {}, parent);
      if (open) d.open = true;
      const s = h("summary", {}, d);
      h("span", { class: "key" }, s, k === null ? "" : `${k}: `);
      s.append(Array.isArray(v) ? `[${v.length}]` : "{...}");
      for (const [ck, cv] of Object.entries(v)) add(d, ck, cv, false);
    } else {
      const line = h("div", { class: "leaf" }, parent);
      h("span", { class: "key" }, line, `${k}: `);
      line.append(v === null ? "-" : typeof v === "object" ? "(none)" : String(v));
    }
  };
  for (const [k, v] of Object.entries(value)) {
    if (!["env_id", "role", "decision", "log"].includes(k)) add(wrap, k, v, true);
  }
  return wrap;
}

// Draw the board of `view` into `box`; a board that fails falls back to the tree, so
// every game can be played whatever its board's state.
export async function drawBoard(box, view) {
  box.replaceChildren();
  const mod = await boardModule(view.env_id);
  if (mod) {
    try { box.appendChild(mod.draw(view)); return true; }
    catch (e) { console.error("board failed", e); }
  }
  box.appendChild(tree(view));
  return false;
}

// The decision: its prompt, its context in sentences, and one button per legal action; a
// "back" action of the game (taking a step of a choice back) comes first as a Back button.
const BACK = /^(back|undo)\b/i;

// What a button does where its name alone does not say: game and decision kind -> the words
// added after the name.
const HINTS = {
  "kings:recruit": (name) => /^end\b/i.test(name) ? "" : "roll its Recruit Table: a free roll if one is left there, else it spends 1 Gold",
};

export function drawDecision(view, legal, onAct, els) {
  const d = view.decision || {};
  const game = String(view.env_id || "").replace(/_v\d+$/, "");
  els.prompt.textContent = d.prompt || "";
  els.context.replaceChildren(...contextSentences(d.context));
  els.actions.replaceChildren();
  const ordered = [...legal.filter((a) => BACK.test(a.name)), ...legal.filter((a) => !BACK.test(a.name))];
  // many choices that share their first words ("you ask for ...", "you give ...") are grouped
  // under those words
  let key = null, groups = new Map();
  for (const k of legal.length > 20 ? [2, 3, 1] : []) {
    const by = (a) => a.name.split(" ").slice(0, k).join(" ");
    const g = new Map();
    for (const a of ordered) g.set(by(a), [...(g.get(by(a)) || []), a]);
    if (g.size >= 2 && g.size <= 10 && [...g.values()].some((x) => x.length >= 4)) { key = by; groups = g; break; }
  }
  const grouped = key !== null;
  let last = null;
  if (grouped) ordered.sort((a, b) => [...groups.keys()].indexOf(key(a)) - [...groups.keys()].indexOf(key(b)));
  for (const a of ordered) {
    if (grouped && key(a) !== last && groups.get(key(a)).length > 1) {
      h("div", { class: "action-group" }, els.actions, `${key(a)} ... (${groups.get(key(a)).length})`);
    }
    if (grouped) last = key(a);
    const back = BACK.test(a.name);
    const b = h("button", { type: "button", class: back ? "action back" : "action", "data-action": a.id }, els.actions,
      back ? `\u2190 Back${a.name.length > 4 ? ` (${a.name})` : ""}` : a.name);
    const hint = HINTS[`${game}:${d.kind}`]?.(a.name);
    if (hint) h("small", { class: "hint" }, b, ` (${hint})`);
    b.title = a.name;
    b.addEventListener("click", () => onAct(a.id));
  }
  els.filter.hidden = legal.length < 12;
  els.filter.value = "";
}

export function filterActions(actionsBox, predicate) {
  for (const b of actionsBox.querySelectorAll("button.action")) {
    const hit = predicate(b.textContent);
    b.hidden = !hit;
    b.classList.toggle("match", hit && predicate !== ALL);
  }
}
export const ALL = () => true;

// The log: newest at the bottom, the lines new since the last drawing marked.
export function drawLog(list, log, previous) {
  list.replaceChildren();
  let fresh = log.length;
  if (previous) {  // the new lines are those after the longest overlap with the old log
    for (let k = Math.min(previous.length, log.length); k > 0; k--) {
      const tail = previous.slice(previous.length - k).join("\n");
      if (tail === log.slice(0, k).join("\n")) { fresh = log.length - k; break; }
    }
  }
  log.forEach((line, i) => {
    const li = h("li", {}, list, line);
    if (i >= log.length - fresh && previous) li.classList.add("new");
  });
  const box = list.parentElement;
  requestAnimationFrame(() => { box.scrollTop = box.scrollHeight; });
}

// A whole word (or phrase) of an action's name, case aside.
export function nameMatcher(word) {
  const esc = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const re = new RegExp(`(^|[^\\w'])${esc}($|[^\\w'])`, "i");
  return (name) => re.test(name);
}
