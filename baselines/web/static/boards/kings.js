// Conan: Kings board (the view of kings_v2): the map of Hyboria as regions at their map
// places, borders between neighbours, regions shaded by country and ringed by who holds
// them, units as counters, Storm and Curse tokens, Relics (by owner) and the phasing
// player's turn-long effects (Move bonus, Long Journey, Battle Plan, recruit rolls); the
// Kings' treasuries below.
import { PALETTE, brief, el, extras, hue, pickable, root, text } from "../svg.js";

const W = 1000, H = 700, R = 24;
// One code a unit type, each distinct (Fortifications are "Ft", Ships "S"); the legend under
// the map spells them out.
const UNIT_LETTER = { army: "A", elite: "E", hero: "H", wizard: "W", monster: "M", ship: "S", king: "K", fort: "Ft", general: "G" };
const UNIT_NAME = { army: "Army", elite: "Elite", hero: "Hero", wizard: "Wizard", monster: "Monster", ship: "Ships", king: "King",
  fort: "Fortifications", general: "General" };

export function draw(view) {
  const players = view.players || [];
  const colour = (name) => name === "neutral" ? "#8d8d8d" : PALETTE[players.findIndex((p) => p.name === name)] || "#444";
  const regions = view.regions || [];
  const legendY = H + 60 + 22 * Math.max(players.length, 4);
  const svg = root(W, legendY + 14);
  el("rect", { x: 0, y: 0, width: W, height: H, fill: "#d9c9a0" }, svg);
  const at = Object.fromEntries(regions.map((r) => [r.name, r]));
  // borders, each once
  for (const r of regions) {
    for (const n of r.neighbours || []) {
      const o = at[n];
      if (!o || n < r.name) continue;
      el("line", { x1: r.x, y1: r.y, x2: o.x, y2: o.y, stroke: r.sea || o.sea ? "#4f7fa8" : "#8a6d3b",
        "stroke-width": 1.4, "stroke-dasharray": r.sea || o.sea ? "4 3" : null, opacity: 0.7 }, svg);
    }
  }
  const turn = view.turn_effects || null;
  for (const r of regions) drawRegion(svg, r, colour, turn && turn.regions ? turn.regions[r.name] : null);
  drawLabels(svg, regions);
  drawLegend(svg, legendY + 6);
  drawPlayers(svg, view, players, colour, H + 10);
  return svg;
}

const TURN_WORDS = { move_bonus: (k) => `Move +${k}`, long_journey: (k) => `Long Journey ${k}`,
  battle_plan: (k) => `Battle Plan ${k}`, recruit_bonus: (k) => `+${k} recruit`, recruit_rolls: (k) => `${k} rolled` };

function drawRegion(svg, r, colour, effects) {
  const g = pickable(svg, r.name, { "data-region": r.name });
  const fill = r.sea ? "#9cc3e0" : hue(r.country);
  const ring = r.controller ? colour(r.controller) : "#6f5a3a";
  if (r.sea) el("ellipse", { cx: r.x, cy: r.y, rx: R * 1.6, ry: R, fill, stroke: "#4f7fa8", "stroke-width": 2 }, g);
  else el("circle", { cx: r.x, cy: r.y, r: R, fill, stroke: ring, "stroke-width": r.controller ? 4 : 1.5 }, g);
  if (r.country && r.country !== r.name) {
    text(g, r.x, r.y - 10, r.country, { "text-anchor": "middle", "font-size": 7, fill: "#5b3a1a" });
  }
  // unit counters: one small square per kind of unit and owner, with the count
  const counters = [];
  for (const [owner, units] of Object.entries(r.units || {})) {
    for (const [kind, n] of Object.entries(units)) if (n) counters.push([owner, kind, n]);
  }
  const labels = counters.map(([, kind, n]) => `${UNIT_LETTER[kind] || kind[0].toUpperCase()}${n > 1 ? n : ""}`);
  const widths = labels.map((l) => Math.max(14, l.length * 6 + 3));
  let cx = r.x - (widths.reduce((a, b) => a + b + 1, 0)) / 2;
  counters.forEach(([owner, kind, n], i) => {
    const c = el("g", {}, g);
    el("rect", { x: cx, y: r.y - 4, width: widths[i], height: 14, rx: 2, fill: colour(owner), stroke: "#222" }, c);
    text(c, cx + widths[i] / 2, r.y + 7, labels[i], { "text-anchor": "middle", "font-size": 9, fill: "#fff", "font-weight": "bold" });
    el("title", {}, c, `${owner}: ${n} ${UNIT_NAME[kind] || kind}`);
    cx += widths[i] + 1;
  });
  if (r.storms) token(g, r.x + R - 4, r.y + R - 6, "#2e5f8a", `⚡${r.storms > 1 ? r.storms : ""}`, "Storm");
  if (r.curses) token(g, r.x - R + 4, r.y + R - 6, "#4a2a5a", `☠${r.curses > 1 ? r.curses : ""}`, "Curse");
  if (r.raided_by) text(g, r.x, r.y + R + 10, `raided by ${r.raided_by}`, { "text-anchor": "middle", "font-size": 8, fill: "#8b1e1e" });
  Object.entries(r.relics || {}).forEach(([owner, n], i) => {
    token(g, r.x + R - 4 - i * 14, r.y - R + 6, colour(owner), `R${n > 1 ? n : ""}`, `${owner}: ${n} Wizard(s) bearing a Relic`);
  });
  if (effects) {
    const words = Object.entries(effects).map(([k, n]) => (TURN_WORDS[k] || ((m) => `${k} ${m}`))(n));
    text(g, r.x, r.y + R + (r.raided_by ? 19 : 10), words.join(" · "), { "text-anchor": "middle", "font-size": 8, fill: "#1e4b8b" });
  }
}

// The regions' names above their circles, or beside them where that would cover another name
// or region; drawn last, with a pale halo, so nothing hides them.
function drawLabels(svg, regions) {
  const layer = el("g", { class: "labels", "pointer-events": "none" }, svg);
  const boxes = regions.map((r) => [r.x - R, r.y - R, r.x + R, r.y + R]);
  const placed = [];
  const overlap = (a, b) => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  regions.forEach((r, i) => {
    const w = r.name.length * 5.6 + 4, hgt = 11;
    const spots = [[r.x, r.y - R - 4], [r.x, r.y + R + 12], [r.x + R + 4 + w / 2, r.y + 4], [r.x - R - 4 - w / 2, r.y + 4],
      [r.x + w / 3, r.y - R - 4], [r.x - w / 3, r.y - R - 4], [r.x, r.y - R - 16], [r.x, r.y + R + 24]];
    let best = null, bestCost = Infinity;
    for (const [x, y] of spots) {
      const b = [x - w / 2, y - hgt + 2, x + w / 2, y + 2];
      let cost = (b[0] < 0 || b[2] > W || b[1] < 0 || b[3] > H) ? 500 : 0;
      boxes.forEach((o, j) => { if (j !== i) cost += overlap(b, o); });
      for (const p of placed) cost += 3 * overlap(b, p);
      if (cost < bestCost - 0.5) { best = [x, y, b]; bestCost = cost; }
      if (cost === 0) break;
    }
    placed.push(best[2]);
    text(layer, best[0], best[1], r.name, { "text-anchor": "middle", "font-size": 10, "font-weight": "bold",
      stroke: "#f3e6c8", "stroke-width": 3, "paint-order": "stroke", "stroke-linejoin": "round" });
  });
}

// What each code and mark on the map stands for.
function drawLegend(svg, y) {
  const codes = ["army", "elite", "hero", "wizard", "monster", "ship", "king", "fort"].map((k) => `${UNIT_LETTER[k]} ${UNIT_NAME[k]}`);
  text(svg, 8, y, `Units: ${codes.join(" · ")} (a number: how many) · R a Wizard bearing a Relic · ⚡ Storm · ☠ Curse · ring: the region's holder · blue words: this turn's effects`,
    { "font-size": 10, fill: "#3b2a14" });
}

function token(g, x, y, fill, label, name) {
  const t = el("g", {}, g);
  el("circle", { cx: x, cy: y, r: 8, fill, stroke: "#fff" }, t);
  text(t, x, y + 4, label, { "text-anchor": "middle", "font-size": 10, fill: "#fff" });
  el("title", {}, t, name);
}

function drawPlayers(svg, view, players, colour, y) {
  const head = [`Round ${view.round ?? "?"} of ${view.max_rounds ?? "?"}`, view.phase ? `${view.phase} phase` : null,
    view.phasing_player ? `phasing: ${view.phasing_player}` : null, view.victory ? `victory: ${view.victory.replace(/_/g, " ")}` : null];
  text(svg, 10, y + 8, head.filter(Boolean).join(" · "), { "font-size": 14, "font-weight": "bold" });
  players.forEach((p, i) => {
    const py = y + 30 + i * 22;
    const g = pickable(svg, p.name);
    el("rect", { x: 10, y: py - 12, width: 14, height: 14, fill: colour(p.name) }, g);
    text(g, 30, py, `${p.name}${p.name === view.role ? " (you)" : ""}: Gold ${p.gold} · Divinations ${p.divinations} · Relics ${p.relics}`
      + ` · ${p.countries} countries · ${p.regions} regions${p.alive === false ? " · out of the game" : ""}${p.king_slain ? " · King slain" : ""}`,
      { "font-size": 13 });
  });
  const turn = view.turn_effects;
  if (turn) {
    const parts = [turn.king_long_journey ? "King on a Long Journey" : null, turn.king_battle_plan ? "King with a Battle Plan" : null,
      turn.country_rolls && turn.country_rolls.length ? `country rolls: ${turn.country_rolls.join(", ")}` : null].filter(Boolean);
    if (parts.length) text(svg, 10, y + 30 + players.length * 22, `This turn (${turn.player}): ${parts.join(" · ")}`, { "font-size": 12, fill: "#1e4b8b" });
  }
  extras(svg, view, ["regions", "players", "round", "max_rounds", "phase", "phasing_player", "victory", "turn_order", "turn_effects"],
    560, y + 30, 70);
}
