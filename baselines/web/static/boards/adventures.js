// Conan: Adventures board (the view of adventures_v2): the kingdoms of Hyboria with the
// characters, Challenge, Fate tokens and Temples of Set on them; each player's character,
// Gold, Victory points, tokens and dice pool as dice faces; the Plot track; the Adventures
// and Encounters with their requirements; the Encounter track.
import { PALETTE, brief, die, el, extras, fit, hue, pickable, root, text, wrapped } from "../svg.js";
import { layout } from "./layout.js";

const W = 1000, MAP_H = 560;
// The map of Hyboria (the Kings map's layout), fetched once; kingdoms missing from it
// are placed by their borders.
const HYBORIA = await fetch("/api/maps/hyboria").then((r) => r.json()).catch(() => ({}));
const FACE = { Warrior: "War", Move: "Mov", Kingdom: "Kng", Pirate: "Pir", Sorcery: "Sor", Thief: "Thf", Trade: "Trd",
  Scry: "Scr", Wild: "★", Character: "Chr", Gold: "Gld", "Challenge token": "Chl" };

// What each God token does (rulebook: God Tokens), for the legend under the board.
const GODS = {
  Asura: "at any time on your turn: cycle 1 face-up card",
  Bel: "at any time on your turn: change one of your results to the icon on the card",
  Ibis: "at any time on your turn: flip your Character card (its new ability is ready at once)",
  Ishtar: "at any time on your turn: reroll one of your dice",
  Mitra: "immediately after rolling: reroll ALL the dice you just rolled",
  Set: "at any time on your turn: change one of your dice to any symbol",
  Ymir: "at any time: count a Character result on your dice as a Warrior",
  Zath: "after scoring an Adventure: double the points scored for your dice on it",
};

export function draw(view) {
  const players = view.players || [];
  const colour = (role) => PALETTE[players.findIndex((p) => p.role === role)] || "#555";
  const svg = root(W, 1600);
  const head = [`Round ${view.round ?? "?"}`, view.phase, view.last_round ? "LAST ROUND" : null,
    view.turn_order ? `turn order ${view.turn_order.join(", ")}` : null];
  text(svg, 10, 20, head.filter(Boolean).join(" · "), { "font-size": 15, "font-weight": "bold" });
  drawMap(svg, view.kingdoms || [], colour, 28);
  let y = 28 + MAP_H + 14;
  players.forEach((p, i) => drawPlayer(svg, p, 10 + (i % 2) * 495, y + Math.floor(i / 2) * 170, colour, view.role));
  y += Math.ceil(players.length / 2) * 170 + 6;
  y = drawPlot(svg, view.plot_track, colour, y);
  y = drawCards(svg, "Adventures", view.adventures || [], y, (a) => [
    `${a.kingdom} · ${a.icon} · ${a.victory_points_per_die} VP a die`, `needs ${(a.needs || []).join(", ")}`,
    `reward: ${brief(a.reward)}`]);
  y = drawCards(svg, "Encounters", view.encounters || [], y, (e) => [
    `${e.kingdom}`, `needs ${(e.needs || []).join(", ")}`, `reward: ${brief(e.reward)}`, `penalty: ${brief(e.penalty)}`]);
  y = drawTrack(svg, view.encounter_track || [], colour, y);
  y = drawEventAndGods(svg, view, y);
  const end = extras(svg, view, ["round", "phase", "last_round", "turn_order", "kingdoms", "players", "plot_track",
    "adventures", "encounters", "encounter_track", "event", "god_tokens_in_supply"], 10, y + 8, 150);
  return fit(svg, end + 10);
}

function drawMap(svg, kingdoms, colour, top) {
  el("rect", { x: 0, y: top, width: W, height: MAP_H, fill: "#d9c9a0" }, svg);
  // the kingdoms in play fill the map's box (Adventures uses part of Hyboria)
  const known = kingdoms.map((k) => HYBORIA[k.name]).filter(Boolean);
  const fixed = {};
  if (known.length) {
    const xs = known.map((p) => p[0]), ys = known.map((p) => p[1]);
    const x0 = Math.min(...xs), y0 = Math.min(...ys);
    const scale = Math.min((W - 100) / Math.max(1, Math.max(...xs) - x0), (MAP_H - 70) / Math.max(1, Math.max(...ys) - y0));
    const dx = (W - (Math.max(...xs) - x0) * scale) / 2;
    for (const k of kingdoms) {
      const p = HYBORIA[k.name];
      if (p) fixed[k.name] = [dx + (p[0] - x0) * scale, top + 40 + (p[1] - y0) * scale];
    }
  }
  const pos = layout(kingdoms.map((k) => ({ name: k.name, borders: k.borders || [] })), W, MAP_H, fixed, top);
  for (const k of kingdoms) {
    for (const b of k.borders || []) {
      if (b < k.name || !pos[b]) continue;
      el("line", { x1: pos[k.name][0], y1: pos[k.name][1], x2: pos[b][0], y2: pos[b][1], stroke: "#8a6d3b", opacity: 0.6 }, svg);
    }
  }
  for (const k of kingdoms) {
    const [x, y] = pos[k.name];
    const g = pickable(svg, k.name);
    el("circle", { cx: x, cy: y, r: k.vast ? 24 : 19, fill: hue((k.types || [""])[0], 40, 80), stroke: "#5b3a1a" }, g);
    text(g, x, y - 22, k.name, { "text-anchor": "middle", "font-size": 9, "font-weight": "bold" });
    text(g, x, y + 3, (k.attributes || []).map((a) => FACE[a] || a.slice(0, 3)).join(" "), { "text-anchor": "middle", "font-size": 7 });
    el("title", {}, g, `${k.name} (${(k.types || []).join(", ")}): ${(k.attributes || []).join(", ")}; effect: ${k.effect}`);
    (k.characters || []).forEach((c, i) => {
      el("circle", { cx: x - 12 + i * 12, cy: y + 12, r: 6, fill: colour(c), stroke: "#fff", "stroke-width": 1.5 }, g);
    });
    if (k.challenge_token) {
      el("rect", { x: x + 12, y: y - 14, width: 11, height: 11, fill: "#2b1d0e", stroke: "#c9a227" }, g);
      el("title", {}, g, `Challenge token: ${brief(k.challenge_token)}`);
    }
    const fate = Object.entries(k.fate_tokens || {}).filter(([, n]) => n);
    if (fate.length) text(g, x, y + 30, fate.map(([f, n]) => `${FACE[f] || f}${n > 1 ? n : ""}`).join(" "),
      { "text-anchor": "middle", "font-size": 8, fill: "#2e5f8a", "font-weight": "bold" });
    if (k.temples_of_set) text(g, x - 20, y - 10, `☥${k.temples_of_set}`, { "font-size": 10, fill: "#6a1b1b" });
  }
}

function drawPlayer(svg, p, x, y, colour, me) {
  el("rect", { x, y, width: 485, height: 160, rx: 8, fill: p.role === me ? "#fff6dc" : "#fbf4e2", stroke: colour(p.role), "stroke-width": 3 }, svg);
  const g = pickable(svg, p.role);
  text(g, x + 10, y + 20, `${p.role}${p.role === me ? " (you)" : ""}: ${p.character} (${p.kind})`, { "font-size": 14, "font-weight": "bold" });
  text(svg, x + 475, y + 20, `${p.victory_points} VP · ${p.gold} Gold`, { "font-size": 14, "text-anchor": "end", fill: "#8b1e1e", "font-weight": "bold" });
  const ability = p.ability ? `${p.ability.face_up}${p.ability.used_this_round ? " (used)" : ""}` : "-";
  text(svg, x + 10, y + 36, `in ${p.kingdom} · Plot space ${p.plot_space} · ability: ${ability}`, { "font-size": 11 });
  text(svg, x + 10, y + 52, `achievements: ${brief(p.achievements)} · God tokens: ${brief(p.god_tokens)}`, { "font-size": 11 });
  text(svg, x + 10, y + 68, `Fate tokens: ${brief(p.fate_tokens) || "none"} · Adventure cards: ${brief(p.adventure_cards)}`, { "font-size": 11 });
  text(svg, x + 10, y + 84, `Challenge tokens: ${p.challenge_tokens_in_supply ?? 0} in supply${p.hits ? ` · hits ${p.hits}` : ""}`, { "font-size": 11 });
  (p.dice || []).forEach((d, i) => {
    const dg = pickable(svg, `die ${d.die}`);
    const active = d.zone === "active" || d.zone === "in the pool" || d.zone === "rolled";
    die(dg, x + 10 + i * 40, y + 94, 34, FACE[d.result] || d.result || "?",
      { fill: d.zone === "spent" ? "#c9bfa6" : active ? "#fffdf5" : "#f1e2b0" });
    text(dg, x + 27 + i * 40, y + 142, `${d.die}`, { "font-size": 9, "text-anchor": "middle" });
    text(dg, x + 27 + i * 40, y + 153, (d.zone || "").split(" ").slice(-1)[0].slice(0, 8), { "font-size": 7, "text-anchor": "middle", fill: "#6f5a3a" });
    el("title", {}, dg, `die ${d.die}: ${d.type}, ${d.result ?? "not rolled"} (${d.zone})`);
  });
}

function drawPlot(svg, plot, colour, y) {
  if (!plot) return y;
  text(svg, 10, y + 16, "Plot track", { "font-size": 15, "font-weight": "bold" });
  (plot.cards || []).forEach((c, i) => {
    const x = 10 + i * 196;
    el("rect", { x, y: y + 24, width: 188, height: 96, rx: 6, fill: c.skip ? "#ddd3bb" : "#efe3f7", stroke: "#5a2a7a" }, svg);
    text(svg, x + 6, y + 40, `Chapter ${c.chapter}: ${c.plot}${c.skip ? " (skipped)" : ""}`, { "font-size": 11, "font-weight": "bold" });
    wrapped(svg, x + 6, y + 56, `needs ${(c.required || []).join(", ")}; bonus ${(c.bonus || []).join(", ")}`, 32, { "font-size": 10 }, 12);
    wrapped(svg, x + 6, y + 84, Object.entries(c.rewards || {}).map(([k, v]) => `${k}: ${brief(v)}`).join("; "), 34, { "font-size": 9, fill: "#5b3a1a" }, 11);
  });
  const marks = Object.entries(plot.markers || {}).map(([r, s]) => `${r} on space ${s}`).join(" · ");
  text(svg, 10, y + 136, `Markers: ${marks} · spaces ${(plot.spaces || []).join(" ")}`, { "font-size": 11 });
  return y + 146;
}

function drawCards(svg, title, cards, y, lines) {
  text(svg, 10, y + 16, title, { "font-size": 15, "font-weight": "bold" });
  cards.forEach((c, i) => {
    const x = 10 + (i % 4) * 246, cy = y + 24 + Math.floor(i / 4) * 110;
    const g = pickable(svg, c.name);
    el("rect", { x, y: cy, width: 238, height: 102, rx: 6, fill: "#fffdf5", stroke: "#8a6d3b" }, g);
    text(g, x + 6, cy + 16, c.name, { "font-size": 12, "font-weight": "bold" });
    let ly = cy + 32;
    for (const l of lines(c)) ly += 12 * wrapped(g, x + 6, ly, l, 40, { "font-size": 10 }, 12);
  });
  return y + 30 + Math.max(1, Math.ceil(cards.length / 4)) * 110;
}

function drawTrack(svg, track, colour, y) {
  if (!track.length) return y;
  text(svg, 10, y + 16, "Encounter track", { "font-size": 15, "font-weight": "bold" });
  track.forEach((s, i) => {
    const x = 10 + i * 150;
    const g = pickable(svg, `space ${s.space}`);
    el("rect", { x, y: y + 24, width: 142, height: 54, rx: 6, fill: "#f1e2b0", stroke: s.role ? colour(s.role) : "#8a6d3b", "stroke-width": s.role ? 3 : 1 }, g);
    text(g, x + 6, y + 40, `space ${s.space}: ${(s.symbols || []).join("/")}`, { "font-size": 11 });
    if (s.result) die(g, x + 104, y + 44, 28, FACE[s.result] || s.result);
    if (s.role) text(g, x + 6, y + 70, s.role, { "font-size": 10, fill: colour(s.role) });
  });
  return y + 88;
}

// The Event in force, in words (rulebook: Reveal Event), and the God tokens' legend.
function drawEventAndGods(svg, view, y) {
  const ev = view.event;
  if (ev) {
    text(svg, 10, y + 16, `Event in force: ${ev.name}`, { "font-size": 13, "font-weight": "bold" });
    const lines = [
      `Play goes ${ev.direction}, starting with the player to Conan's ${ev.direction === "clockwise" ? "left" : "right"}.`,
      ev.plot_bonus?.length ? `Extra Plot bonus for the Bonus result: ${ev.plot_bonus.join(", ")}.` : null,
      ev.challenge_tokens?.length ? `Challenge tokens were added in ${ev.challenge_tokens.join(", ")} (where none lay).` : null,
      ev.fate_tokens?.length ? `Fate tokens were added: ${ev.fate_tokens.join(", ")}.` : null,
    ].filter(Boolean);
    lines.forEach((line, i) => text(svg, 20, y + 34 + 15 * i, line, { "font-size": 11 }));
    y += 34 + 15 * lines.length;
  }
  text(svg, 10, y + 16, "God tokens", { "font-size": 13, "font-weight": "bold" });
  const supply = view.god_tokens_in_supply || {};
  Object.entries(GODS).forEach(([god, what], i) => {
    const left = supply[god] !== undefined ? ` (${supply[god]} in the supply)` : "";
    text(svg, 20, y + 34 + 15 * i, `${god}${left}: ${what}`, { "font-size": 11, class: "legend" });
  });
  return y + 34 + 15 * Object.keys(GODS).length;
}
