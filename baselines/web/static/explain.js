// What the page says in words around a board: the goal of the game, the decision's context as
// sentences, and the end screen (the winner, the cause, the final standing, the turn count).
// Everything here reads only the viewer's own report.


const h = (tag, cls, text) => {
  const n = document.createElement(tag);
  if (cls) n.className = cls;
  if (text !== undefined && text !== null) n.textContent = text;
  return n;
};

export const words = (k) => {
  const s = String(k).replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
};

function listWords(items) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

// A value in words: lists joined with "and", objects as "key value" pairs, yes/no, "none".
export function say(v) {
  if (v === null || v === undefined) return "none";
  if (Array.isArray(v)) return v.length ? listWords(v.map(say)) : "none";
  if (typeof v === "object") {
    if ("name" in v) return String(v.name);
    const parts = Object.entries(v).filter(([, x]) => x !== null && x !== undefined && !(Array.isArray(x) && !x.length))
      .map(([k, x]) => (typeof x === "boolean" ? (x ? words(k).toLowerCase() : null) : `${words(k).toLowerCase()} ${say(x)}`))
      .filter(Boolean);
    return parts.length ? parts.join(", ") : "none";
  }
  if (typeof v === "boolean") return v ? "yes" : "no";
  return String(v);
}

// The goal of the game: the view's own `goal` where it gives one, else what its keys say.
export function goalText(view) {
  if (view.goal) {
    if (typeof view.goal === "string") return view.goal;
    const { text, progress, ...rest } = view.goal;
    const bits = [text ? String(text) : say(rest)];
    if (progress && typeof progress === "object") {
      bits.push(`Now: ${Object.entries(progress).map(([k, v]) => `${words(k).toLowerCase()} ${say(v)}`).join("; ")}.`);
    } else if (progress) bits.push(`Now: ${progress}.`);
    return bits.join(" ");
  }
  const bits = [];
  if (typeof view.scenario === "string") bits.push(`Scenario: ${view.scenario}.`);
  if (view.victory) {
    let v = `Victory: ${String(view.victory).replace(/_/g, " ")}`;
    if (view.max_rounds) v += ` when round ${view.max_rounds} ends`;
    bits.push(`${v}.`);
  }
  if (view.conquest_goal) bits.push(`A King who holds ${view.conquest_goal} whole countries at the end of his turn wins at once.`);
  if (view.target_dp) bits.push(`The first Hero to ${view.target_dp} DP wins.`);
  if (view.mode === "battle") bits.push("Battle Mode: Conan fights his way up the Tower; Yara plays the enemies against him.");
  if (view.location?.name) bits.push(`Location ${view.location.number ?? "?"} of ${view.location.of ?? "?"}: ${view.location.name}.`);
  if (view.env_id?.startsWith("adventures") && !bits.length) bits.push("Most Victory Points when the game ends wins.");
  return bits.join(" ");
}

// The decision's context, one labelled sentence a key.
export function contextSentences(context) {
  const out = [];
  for (const [k, v] of Object.entries(context || {})) {
    if (v === null || v === undefined || (Array.isArray(v) && !v.length)) continue;
    const li = h("li");
    li.append(h("b", null, `${words(k)}: `), `${say(v)}.`);
    out.push(li);
  }
  return out;
}

// The seat names as a person reads them: "you" marked, AIs marked.
export function seatName(r, seat) {
  if (seat === r.seat) return `${seat} (you)`;
  return r.seats?.[seat] && r.seats[seat] !== "human" ? `${seat} (AI)` : seat;
}

export function winnerText(r) {
  const ret = r.returns || {};
  const roles = r.roles || Object.keys(ret);
  const vals = roles.map((s) => ret[s] ?? 0);
  const best = Math.max(...vals);
  const top = roles.filter((s) => (ret[s] ?? 0) === best);
  if (top.length === roles.length) {
    return r.truncated ? "The game stopped at its turn cap with no winner." : "A draw: nobody won.";
  }
  const names = top.map((s) => seatName(r, s));
  const youWon = top.includes(r.seat);
  return `${listWords(names)} ${top.length > 1 ? "win" : "wins"}${youWon ? ": well played!" : "."}`;
}

// Why the game ended: the last log line that says so, or the final prompt.
export function causeText(r) {
  const log = r.view.log || [];
  if (r.truncated) return "The game reached its cap on turns (the max_turns option) before anyone won.";
  for (let i = log.length - 1; i >= Math.max(0, log.length - 8); i--) {
    if (/\b(game over|wins?|won|victory|defeated|slain|escapes?|game ends)\b/i.test(log[i])) return log[i];
  }
  return r.view.decision?.prompt || "";
}

// The final standing: a table of each player's numbers (VP, DP, countries, Gold ...).
const SKIP_COLUMNS = new Set(["x", "y", "turn_order", "plot_space", "cards_in_hand", "face_down_cards"]);

const PREFERRED = ["victory_points", "vp", "dp", "countries", "regions", "gold", "life", "wounds", "xp", "level"];

export function standing(view) {
  const rows = view.players || view.heroes || [];
  if (!Array.isArray(rows) || !rows.length || typeof rows[0] !== "object") return null;
  const numeric = Object.keys(rows[0]).filter((k) => !SKIP_COLUMNS.has(k) && rows.every((p) => typeof p[k] === "number"));
  const cols = [...PREFERRED.filter((k) => numeric.includes(k)), ...numeric.filter((k) => !PREFERRED.includes(k))].slice(0, 4);
  if (!cols.length) return null;
  const table = h("table", "standing");
  const head = h("tr");
  head.append(h("th", null, "Player"), ...cols.map((c) => h("th", null, words(c))));
  table.append(head);
  for (const p of rows) {
    const tr = h("tr");
    tr.append(h("td", null, String(p.name ?? p.player ?? p.role ?? "?")), ...cols.map((c) => h("td", null, String(p[c]))));
    table.append(tr);
  }
  return table;
}

export function turnText(r) {
  const v = r.view;
  let round = v.round ?? v.turn;
  if (round && typeof round === "object") round = round.combat_round ?? null;
  const bits = [];
  const max = v.max_rounds || v.rounds;
  if (round !== undefined && round !== null && max && round > max) bits.push(`All ${max} rounds played`);
  else if (round !== undefined && round !== null) bits.push(`${typeof v.round === "object" ? "Combat round" : "Round"} ${round}${max ? ` of ${max}` : ""}`);
  if (r.steps !== null && r.steps !== undefined) bits.push(`${r.steps} decisions in all`);
  return bits.join(" · ");
}

// The end screen into `box`; `actions` maps a button's label to what it does.
export function drawEnd(box, r, actions) {
  box.replaceChildren();
  box.append(h("h2", "winner", winnerText(r)));
  const cause = causeText(r);
  if (cause) box.append(h("p", "cause", cause));
  for (const key of ["winner", "winners", "end"]) {
    const v = r.view[key];
    if (v !== null && v !== undefined && typeof v === "object") box.append(h("p", "end-detail", `${words(key)}: ${say(v)}.`));
  }
  const table = standing(r.view);
  if (table) box.append(table);
  const res = Object.entries(r.returns || {}).map(([k, v]) => `${k} ${v > 0 ? "+" : ""}${v}`).join(", ");
  if (res) box.append(h("p", "returns", `Result (each seat's return): ${res}.`));
  const turns = turnText(r);
  if (turns) box.append(h("p", "turns", turns));
  const bar = h("div", "end-actions");
  for (const [label, fn] of Object.entries(actions)) {
    const b = h("button", label === "Rematch" ? "primary" : "", label);
    b.type = "button";
    b.dataset.end = label.toLowerCase().split(" ")[0];
    b.addEventListener("click", fn);
    bar.append(b);
  }
  box.append(bar);
  box.hidden = false;
}


