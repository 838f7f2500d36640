// AI turns a person can follow: the log grouped under a header per turn (one seat's run of
// decisions), a line for every decision (the view's own lines, or "<seat> decided" where the
// view tells the seat nothing), what a step named marked on the board, and the speed at
// which the AI's steps are shown.
import { nameMatcher } from "./panels.js";

// Milliseconds between two shown AI steps; "skip" draws nothing until a person is to act.
export const SPEEDS = { slow: 1400, normal: 600, fast: 120, skip: 0 };
export const SPEED_NAMES = { slow: "slow", normal: "normal", fast: "fast", skip: "skip to my turn" };
const MAX_ENTRIES = 800;

// The lines of `log` that are new since `previous`: those after the longest overlap of the
// end of the old log with the start of the new one (a view may keep only its last lines).
export function freshLines(previous, log) {
  if (!previous) return log.slice();
  for (let k = Math.min(previous.length, log.length); k > 0; k--) {
    const tail = previous.slice(previous.length - k).join("\n");
    if (tail === log.slice(0, k).join("\n")) return log.slice(k);
  }
  return log.slice();
}

// One viewer's log as the page keeps it: entries {kind: "head" | "line" | "quiet", text}.
export class TurnLog {
  constructor() {
    this.entries = [];
    this.log = null;       // the view's log when last seen
    this.actor = null;     // whose turn the last header opened
    this.mark = 0;         // entries before this one were there at the viewer's last move
    this.lastStep = [];    // the lines the latest step brought
  }

  // Take in a report after `actor` made a move (null: no move, e.g. the first look).
  // `who` names a seat for its header; `own` is the name of the viewer's own move (theirs to
  // see), written when the view's log says nothing of it.
  take(r, actor, who, own = null) {
    const fresh = freshLines(this.log, r.view.log || []);
    this.log = r.view.log || [];
    if (actor && actor !== this.actor) {
      this.entries.push({ kind: "head", text: who(actor), seat: actor });
      this.actor = actor;
    }
    if (fresh.length) for (const line of fresh) this.entries.push({ kind: "line", text: line });
    else if (actor) this.entries.push({ kind: "quiet", text: own ? `You chose: ${own}` : `${actor} decided` });
    const over = this.entries.length - MAX_ENTRIES;
    if (over > 0) { this.entries.splice(0, over); this.mark = Math.max(0, this.mark - over); }
    this.lastStep = fresh;
    return fresh;
  }

  // The viewer moves now: what came before is no longer new.
  seen() { this.mark = this.entries.length; }

  // The lines since the viewer's last move (what happened while they waited).
  sinceMine() {
    return this.entries.slice(this.mark).filter((e) => e.kind === "line").map((e) => e.text);
  }

  draw(list) {
    list.replaceChildren();
    let group = list;
    this.entries.forEach((e, i) => {
      if (e.kind === "head") {
        const li = document.createElement("li");
        li.className = "turn";
        const h = document.createElement("div");
        h.className = "turn-head";
        h.textContent = e.text;
        group = document.createElement("ol");
        li.append(h, group);
        list.appendChild(li);
        return;
      }
      const li = document.createElement("li");
      li.textContent = e.text;
      if (e.kind === "quiet") li.className = "quiet";
      if (i >= this.mark && this.mark > 0) li.classList.add("new");
      group.appendChild(li);
    });
    const box = list.parentElement;
    requestAnimationFrame(() => { box.scrollTop = box.scrollHeight; });
  }
}

// Mark on the board every element a line names (a region, a square, a card, a model):
// what moved, rolled or was hit in the step just shown.
export function markRecent(box, lines) {
  for (const g of box.querySelectorAll(".recent")) g.classList.remove("recent");
  if (!lines.length) return 0;
  const text = lines.join("\n");
  let n = 0;
  for (const g of box.querySelectorAll("[data-pick]")) {
    const name = g.dataset.pick;
    if (name.length < 2 || /^(a|die|slot|space) /i.test(name)) continue;  // dice faces, slots: too loose
    if (nameMatcher(name)(text)) { g.classList.add("recent"); n++; }
  }
  return n;
}

// The speed chosen (kept in the browser between games); `?delay=N` in the address wins.
export function currentDelay(select, params) {
  if (params.has("delay")) return Number(params.get("delay"));
  return SPEEDS[select.value] ?? SPEEDS.normal;
}

export function wireSpeed(select, storage) {
  select.replaceChildren(...Object.entries(SPEED_NAMES).map(([k, v]) => new Option(v, k)));
  let saved = null;
  try { saved = storage.getItem("conan.speed"); } catch { saved = null; }
  select.value = saved in SPEEDS ? saved : "normal";
  select.addEventListener("change", () => { try { storage.setItem("conan.speed", select.value); } catch { /* private mode */ } });
}
