// The page: the start screen, playing a game (a person's moves, the AI's step by step),
// hot-seat hand-offs, save and load. The server keeps the rules; the page shows one
// seat's view at a time and sends only action ids it was offered.
import { ALL, drawBoard, drawDecision, filterActions, nameMatcher, tree } from "./panels.js";
import { openReplay } from "./replay.js";
import { TurnLog, currentDelay, markRecent, wireSpeed } from "./turns.js";
import { drawEnd, goalText, winnerText } from "./explain.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
// The featured opponents in the order the README gives them: the Overlord, then Yara.
const FEATURED_ORDER = ["miniatures_v2", "tower_v2"];
// Options a person rarely wants (curriculum starts, caps, spell lists): folded under "advanced".
const ADVANCED = /^(start_location|start_level|start_items|start_skills|max_turns|spells)$/;
// The server's secret: in the address conan-play printed (?token=...), kept for reloads of
// this tab, sent with every request as X-Conan-Token.
const SECRET = params.get("token") ?? sessionStorage.getItem("conan-token") ?? "";
sessionStorage.setItem("conan-token", SECRET);

let catalogue = null;       // GET /api/games
let chosen = null;          // the game picked on the start screen
let game = null;            // {id, envId, tokens, viewer, report, log, busy, passScreen}

export async function api(method, url, body) {
  const res = await fetch(url, {
    method, headers: { "X-Conan-Token": SECRET, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json().catch(() => ({ detail: res.statusText }));
  if (!res.ok) {
    const detail = typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail);
    throw new Error(detail);
  }
  return data;
}

export function showError(err) {
  const box = $("error");
  if (!err) { box.hidden = true; box.textContent = ""; fitTop(); return; }
  box.textContent = sentence(err.message || String(err));
  box.hidden = false;
  fitTop();
}

// The play screen takes the window's height less the header (and a message shown above it).
function fitTop() {
  const err = $("error");
  const top = $("top").offsetHeight + (err.hidden ? 0 : err.offsetHeight + 16);
  document.documentElement.style.setProperty("--top", `${top}px`);
}

// A server's validation answer (a JSON list of {loc, msg}) in sentences.
function sentence(message) {
  if (!message.startsWith("[{")) return message;
  try {
    return JSON.parse(message).map((d) => {
      const field = (d.loc || []).filter((x) => x !== "body").join(" ") || "the request";
      return `The ${field} is not valid: ${String(d.msg || "").replace(/^Input should be/, "it should be")}.`;
    }).join(" ");
  } catch { return message; }
}

export function screen(name) {
  for (const s of ["start", "play", "replay"]) $(s).hidden = s !== name;
  $("nav-save").hidden = name !== "play";
}

// ---- the start screen ------------------------------------------------------------------
async function startScreen() {
  catalogue = await api("GET", "/api/games");
  const featured = $("featured");
  featured.replaceChildren();
  catalogue.games = catalogue.games.filter((g) => {
    if (g.error) console.error(`${g.env_id} cannot be loaded: ${g.error}`);
    return !g.error;
  });
  const rank = (g) => { const i = FEATURED_ORDER.indexOf(g.env_id); return i < 0 ? FEATURED_ORDER.length : i; };
  catalogue.ai = "normal" in catalogue.ai_levels ? "normal" : catalogue.default_ai;  // the preset difficulty
  for (const g of catalogue.games.filter((g) => g.featured).sort((a, b) => rank(a) - rank(b))) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "feature";
    b.dataset.env = g.env_id;
    b.innerHTML = `<h3>Face ${g.featured.title}</h3><p></p>`;
    const mode = Object.entries(g.featured.config).map(([k, v]) => `${k} ${v}`).join(", ");
    b.querySelector("p").textContent = `${g.title}${mode ? ` (${mode})` : ""}: you play the other seats, ` +
      `the AI plays ${g.featured.seat} at normal difficulty (change it below).`;
    b.addEventListener("click", () => choose(g.env_id, g.featured.config, { [g.featured.seat]: catalogue.ai }));
    featured.appendChild(b);
  }
  const list = $("game-list");
  list.replaceChildren();
  for (const g of catalogue.games) {
    const b = document.createElement("button");
    b.type = "button";
    b.setAttribute("role", "radio");
    b.dataset.env = g.env_id;
    b.textContent = g.title.replace(/\.$/, "");
    b.title = g.env_id;
    b.addEventListener("click", () => choose(g.env_id));
    list.appendChild(b);
  }
  const first = [...catalogue.games].sort((a, b) => rank(a) - rank(b))[0];
  await choose(first.env_id, first.featured?.config, first.featured ? { [first.featured.seat]: catalogue.ai } : {});
  document.body.dataset.ready = "1";
}

async function choose(envId, config = {}, seatPreset = {}) {
  chosen = catalogue.games.find((g) => g.env_id === envId);
  for (const b of $("game-list").children) b.setAttribute("aria-checked", String(b.dataset.env === envId));
  const box = $("options");
  box.replaceChildren();
  const legend = document.createElement("legend");
  legend.textContent = `Options of ${envId}`;
  box.appendChild(legend);
  const advanced = document.createElement("details");
  advanced.id = "advanced";
  advanced.innerHTML = "<summary>Advanced (training and testing options)</summary>";
  for (const [name, o] of Object.entries(chosen.options)) {
    (ADVANCED.test(name) || /curriculum/i.test(o.doc) ? advanced : box).appendChild(optionInput(name, o, config[name]));
  }
  if (advanced.children.length > 1) box.appendChild(advanced);
  $("pass-screen").checked = envId !== "miniatures_v2";  // the heroes play as one team
  chosen.seatPreset = seatPreset;
  await refreshSeats();
}

function optionInput(name, o, preset) {
  const label = document.createElement("label");
  label.dataset.option = name;
  label.append(name.replace(/_/g, " ") + " ");
  const value = preset ?? o.default;
  let input;
  if (o.kind === "bool") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = Boolean(value);
  } else if (o.kind === "choice") {
    input = document.createElement("select");
    for (const c of o.choices) input.add(new Option(String(c), JSON.stringify(c), false, c === value));
  } else if (o.kind === "names") {
    input = document.createElement("span");
    input.className = "names";
    for (const c of o.choices) {
      const l = document.createElement("label");
      const cb = document.createElement("input");
      cb.type = "checkbox";
      cb.value = c;
      cb.checked = (value || []).includes(c);
      cb.addEventListener("change", refreshSeats);
      l.append(cb, c);
      input.appendChild(l);
    }
  } else {
    input = document.createElement("input");
    if (o.kind === "int") {
      input.type = "number";
      if (o.lo !== null) input.min = o.lo;
      if (o.hi !== null) input.max = o.hi;
    }
    input.value = value === null ? "" : String(value);
    if (o.allow_none) input.placeholder = "none";
  }
  input.dataset.kind = o.kind;
  input.dataset.name = name;
  input.title = `${o.doc}: ${o.valid}`;
  input.addEventListener("change", refreshSeats);
  label.appendChild(input);
  const doc = document.createElement("span");
  doc.className = "opt-doc";
  doc.textContent = o.doc;
  label.appendChild(doc);
  return label;
}

function readOptions() {
  const config = {};
  for (const input of $("options").querySelectorAll("[data-name]")) {
    const name = input.dataset.name, kind = input.dataset.kind, o = chosen.options[name];
    let v;
    if (kind === "bool") v = input.checked;
    else if (kind === "choice") v = JSON.parse(input.value);
    else if (kind === "names") v = [...input.querySelectorAll("input:checked")].map((c) => c.value);
    else if (input.value.trim() === "") v = o.allow_none ? null : o.default;
    else if (kind === "int" || (kind === "either" && /^-?\d+$/.test(input.value.trim()))) v = Number(input.value);
    else v = input.value.trim();
    if (JSON.stringify(v) !== JSON.stringify(o.default)) config[name] = v;
  }
  return config;
}

let seatsAsked = 0;  // only the latest answer about the seats is drawn

async function refreshSeats() {
  const box = $("seats");
  const old = readSeats();
  const ask = ++seatsAsked;
  let roles;
  try {
    roles = (await api("POST", "/api/roles", { env_id: chosen.env_id, config: readOptions() })).roles;
    if (ask !== seatsAsked) return;
    showError(null);
  } catch (e) { if (ask === seatsAsked) showError(e); return; }
  box.replaceChildren();
  const legend = document.createElement("legend");
  legend.textContent = "Seats: a person, or an AI";
  box.appendChild(legend);
  const feat = chosen.featured?.seat;
  roles.forEach((role, i) => {
    const row = document.createElement("div");
    row.className = "seat" + (role === feat ? " featured" : "");
    row.dataset.seat = role;
    const name = document.createElement("b");
    name.textContent = role === feat ? `${chosen.featured.title} (${role})` : role;
    const sel = document.createElement("select");
    sel.name = role;
    const preset = chosen.seatPreset?.[role] ?? old[role] ?? (i === 0 || (feat && role !== feat) ? "human" : catalogue.ai);
    sel.add(new Option("person (you)", "human"));
    for (const [k, doc] of Object.entries(catalogue.ai_levels)) sel.add(new Option(`AI: ${doc}`, k));
    sel.add(new Option("AI: trained policy (policy:NAME or ppo:PATH)", "ppo"));
    const path = document.createElement("input");
    path.placeholder = "policy:tower_yara_ppo or ppo:runs/NAME/policy";
    const isKnown = ["human", ...Object.keys(catalogue.ai_levels)].includes(preset);
    sel.value = isKnown ? preset : "ppo";
    path.value = isKnown ? "" : preset;
    path.hidden = isKnown;
    sel.addEventListener("change", () => { path.hidden = sel.value !== "ppo"; });
    row.append(name, sel, path);
    box.appendChild(row);
  });
  chosen.seatPreset = {};
}

function readSeats() {
  const seats = {};
  for (const row of $("seats").querySelectorAll(".seat")) {
    const sel = row.querySelector("select"), path = row.querySelector("input");
    seats[row.dataset.seat] = sel.value === "ppo" ? (path.value.startsWith("ppo:") ? path.value : `ppo:${path.value}`) : sel.value;
  }
  return seats;
}

async function startGame(ev) {
  ev.preventDefault();
  showError(null);
  const seed = $("seed").value.trim();
  if (seed !== "" && !(/^\d+$/.test(seed) && Number.isSafeInteger(Number(seed)))) {
    showError(new Error(`The seed must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, or empty for a random game; "${seed}" is not.`));
    return;
  }
  try {
    const r = await api("POST", "/api/games", {
      env_id: chosen.env_id, config: readOptions(), seats: readSeats(), seed: seed === "" ? null : Number(seed),
    });
    await enterGame(r.game_id, chosen.env_id, r.tokens, $("pass-screen").checked);
  } catch (e) { showError(e); }
}

// ---- playing --------------------------------------------------------------------------
async function enterGame(id, envId, tokens, passScreen) {
  const people = Object.keys(tokens);
  game = { id, envId, tokens, viewer: people[0], report: null, turns: new TurnLog(), actor: null, busy: false,
    passScreen: passScreen && people.length > 1, aiSteps: 0, confirm: null };
  $("endgame").hidden = true;
  $("decision").hidden = false;
  screen("play");
  await loop();
}

function url(path) {
  return `/api/games/${game.id}${path}?seat=${encodeURIComponent(game.viewer)}&token=${encodeURIComponent(game.tokens[game.viewer])}`;
}

let shown = 0;  // statuses shown so far (body[data-seq]: the browser tests wait on it)

function setStatus(state, text) {
  document.body.dataset.seq = ++shown;
  const s = $("status");
  s.dataset.state = state;
  s.textContent = text;
}

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

// Fetch what the viewer sees and go on: a person's turn waits for a click, an AI's turn
// takes one step after a pause (the speed control), a hand-off between people hides the
// board first. `actor` made the move that `report` answers.
async function loop(report = null, actor = null) {
  const mine = game;
  try {
    let r = report || await api("GET", url(""));
    if (mine !== game) return;
    if (!r.over && r.to_act && !r.to_act_is_ai && r.to_act !== game.viewer) {
      const next = r.to_act;
      if (game.passScreen) await passTo(next);
      game.viewer = next;
      game.turns = new TurnLog();  // a new viewer sees only their own log
      actor = null;
      r = await api("GET", url(""));
    }
    const who = (s) => s === game.viewer ? `Your turn (${s})`
      : r.seats[s] && r.seats[s] !== "human" ? `${s}'s turn (AI: ${r.seats[s]})` : `${s}'s turn`;
    game.turns.take(r, actor, who, actor === game.viewer ? game.chose : null);
    const skipping = r.to_act_is_ai && !r.over && $("speed").value === "skip" && !params.has("delay") && game.report;
    if (skipping) {
      game.report = r;
      game.turns.draw($("log"));
    } else {
      await render(r, r.to_act_is_ai && !r.over ? game.turns.lastStep : game.turns.sinceMine());
    }
    if (r.over) {
      setStatus("over", r.truncated ? "Stopped at the turn cap: no winner" : `Game over: ${winnerText(r)}`);
      showEnd(r);
      $("decision").hidden = true;
    } else if (r.to_act_is_ai) {
      setStatus("ai", skipping ? `${r.to_act} (AI) is playing: ${game.aiSteps} steps so far...`
        : `${r.to_act} (AI: ${r.seats[r.to_act]}) is thinking...`);
      await sleep(currentDelay($("speed"), params));
      if (mine !== game) return;
      const who = r.to_act;
      const next = await api("POST", `/api/games/${game.id}/ai`, { seat: game.viewer, token: game.tokens[game.viewer] });
      game.aiSteps++;
      document.body.dataset.aiSteps = Number(document.body.dataset.aiSteps || 0) + 1;
      await loop(next, who);
    } else {
      setStatus("your-turn", `${game.viewer}, your move`);
    }
  } catch (e) {
    showError(e);
    setStatus("error", "Something went wrong (see the message above)");
  }
}

function passTo(seat) {
  return new Promise((ok) => {
    setStatus("pass", `Pass the device to ${seat}`);
    $("pass-text").textContent = `Pass the device to ${seat}. The board is hidden until ${seat} continues.`;
    $("pass").hidden = false;
    $("pass-continue").onclick = () => { $("pass").hidden = true; ok(); };
  });
}

async function render(r, recent = []) {
  game.report = r;
  const view = r.view;
  const box = $("board");
  $("goal").textContent = goalText(view);
  $("goal").hidden = !$("goal").textContent;
  await drawBoard(box, view);
  sizeBoard();
  $("raw-view").replaceChildren(tree(view));
  game.turns.draw($("log"));
  const els = { prompt: $("prompt"), context: $("context"), actions: $("actions"), filter: $("action-filter") };
  drawDecision(view, r.legal, act, els);
  if (!r.legal.length) $("prompt").textContent = r.over ? view.decision.prompt : `${r.to_act ?? "nobody"}: ${view.decision.prompt}`;
  wirePicks(box, r.legal);
  markRecent(box, recent);
  if ($("textboard").open) loadText();
}

// The board at the largest size that shows all of it in its box; a tall board (heroes' cards,
// hands under the map) that would shrink too far fits the width instead and scrolls.
function sizeBoard() {
  const box = $("board"), svg = box.querySelector(":scope > svg");
  if (!svg) return;
  const vb = svg.viewBox.baseVal;
  if (!vb || !vb.width) return;
  const bw = box.clientWidth - 2, bh = box.clientHeight - 2;
  const byWidth = Math.min(bw / vb.width, 1.3), whole = Math.min(byWidth, bh / vb.height);
  const scale = $("fit-board").checked && whole >= 0.72 * byWidth ? whole : byWidth;
  svg.style.width = `${Math.floor(vb.width * scale)}px`;
  svg.style.height = `${Math.floor(vb.height * scale)}px`;
}

function showEnd(r) {
  drawEnd($("endgame"), r, {
    "Rematch": rematch,
    "Save the replay": saveGame,
    "New game": () => { game = null; showError(null); screen("start"); },
  });
}

// The same seats and options, a new seed.
async function rematch() {
  const r = game?.report;
  if (!r) return;
  try {
    const res = await api("POST", "/api/games", { env_id: r.env_id, config: r.config, seats: r.seats, seed: null });
    showError(null);
    await enterGame(res.game_id, r.env_id, res.tokens, game.passScreen);
  } catch (e) { showError(e); }
}

// Board elements name what they stand for; a click picks the one legal action with that
// name, or narrows the buttons to the several that have it. Those that can be picked now
// are marked without hovering; hovering one names what picking it does.
function wirePicks(box, legal) {
  for (const g of box.querySelectorAll(".pickable")) {
    const hits = legal.filter((a) => nameMatcher(g.dataset.pick)(a.name));
    if (!hits.length) {  // nothing to pick here now: let clicks through to what lies below
      g.classList.remove("pickable");
      g.style.pointerEvents = "none";
      continue;
    }
    g.classList.add("legal");
    const title = g.querySelector(":scope > title");
    if (title) title.textContent = `${g.dataset.pick}: ${hits.map((a) => a.name).join("; ")}`;
    g.addEventListener("click", (ev) => {
      ev.stopPropagation();
      if (hits.length === 1) return act(hits[0].id);
      for (const other of box.querySelectorAll(".match")) other.classList.remove("match");
      g.classList.add("match");
      const ids = new Set(hits.map((a) => String(a.id)));
      for (const b of $("actions").querySelectorAll("button.action")) {
        b.hidden = !ids.has(b.dataset.action);
        b.classList.toggle("match", ids.has(b.dataset.action));
      }
      $("status").textContent = `${hits.length} choices with ${g.dataset.pick}: pick one on the right`;
    });
  }
}

// Moves that spend something for good ask once more before they are sent (the button turns
// into "confirm"); a second click on it sends the move, any other click forgets it.
// (Spending a die or a move point is the ordinary way to play and asks nothing.)
const SPENDS = /\b(spend|spends|pay|pays|trade in|turn in)\b.*\b(gold|dp|gems?|relics?|divinations?|fate|xp)\b|\b(sacrifice|discard)\b/i;

function needsConfirm(actionId) {
  if (!$("ask-spend").checked || !game?.report) return false;
  const a = game.report.legal.find((x) => x.id === actionId);
  return Boolean(a && SPENDS.test(a.name));
}

async function act(actionId) {
  if (!game || game.busy) return;
  if (needsConfirm(actionId) && game.confirm !== actionId) {
    game.confirm = actionId;
    for (const b of $("actions").querySelectorAll("button.action")) b.classList.toggle("confirm", b.dataset.action === String(actionId));
    $("status").textContent = "This spends something for good: click it again to confirm, or pick another move.";
    return;
  }
  game.confirm = null;
  game.chose = game.report?.legal.find((a) => a.id === actionId)?.name ?? null;
  game.busy = true;
  game.turns.seen();
  setStatus("busy", "...");
  try {
    const r = await api("POST", `/api/games/${game.id}/act`,
      { seat: game.viewer, token: game.tokens[game.viewer], action: actionId });
    showError(null);
    game.busy = false;
    await loop(r, game.viewer);
  } catch (e) {
    game.busy = false;
    showError(e);
    setStatus("your-turn", `${game.viewer}, your move`);
  }
}

async function loadText() {
  if (!game) return;
  try { $("text-view").textContent = (await api("GET", url("/text"))).text; }
  catch (e) { $("text-view").textContent = e.message; }
}

// ---- save and load ----------------------------------------------------------------------
async function saveGame() {
  try {
    const record = await api("GET", url("/save"));
    const blob = new Blob([JSON.stringify(record)], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `${record.env_id}-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-")}.json`;
    document.body.appendChild(a);
    a.click();
    a.remove();
  } catch (e) { showError(e); }
}

async function loadGame(file) {
  showError(null);
  try {
    const text = await file.text();
    const r = await api("POST", "/api/load", { text });
    await enterGame(r.game_id, r.env_id, r.tokens, Object.keys(r.tokens).length > 1 && r.env_id !== "miniatures_v2");
  } catch (e) { showError(e); }
}

function wire() {
  $("setup-form").addEventListener("submit", startGame);
  $("nav-new").addEventListener("click", () => {
    if (game) api("DELETE", url("")).catch(() => {});  // the server ends it (and its AI move)
    game = null; showError(null); screen("start");
  });
  $("nav-save").addEventListener("click", saveGame);
  $("load-file").addEventListener("change", (ev) => { if (ev.target.files[0]) loadGame(ev.target.files[0]); ev.target.value = ""; });
  $("replay-file").addEventListener("change", (ev) => {
    if (ev.target.files[0]) { game = null; openReplay(ev.target.files[0]); }
    ev.target.value = "";
  });
  $("action-filter").addEventListener("input", (ev) => {
    const q = ev.target.value.toLowerCase();
    filterActions($("actions"), q ? (name) => name.toLowerCase().includes(q) : ALL);
  });
  $("textboard").addEventListener("toggle", () => { if ($("textboard").open) loadText(); });
  wireSpeed($("speed"), window.localStorage);
  window.addEventListener("resize", fitTop);
  fitTop();
  $("fit-board").addEventListener("change", sizeBoard);
  window.addEventListener("resize", sizeBoard);
  $("actions").addEventListener("click", (ev) => {  // a click beside a confirming button forgets it
    if (game?.confirm !== null && !ev.target.closest("button.confirm")) {
      game.confirm = null;
      for (const b of $("actions").querySelectorAll("button.confirm")) b.classList.remove("confirm");
    }
  }, true);
}

wire();
startScreen().catch(showError);
