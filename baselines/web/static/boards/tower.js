// Conan: Tower board (the view of tower_v2): the location's grid with terrain and heights,
// Conan and the enemies on it; Conan's card with its five rows of slotted dice and tokens;
// each enemy's dice by row and wounds; Yara's hand on her own side.
import { brief, die, el, pickable, root, text, wrapped } from "../svg.js";

const CELL = 58;
const GRID_X = 20, GRID_Y = 44;
const TERRAIN = { floor: "#e9dcb8", blocking: "#5b4a36", "height advantage": "#cdb57a", water: "#7fb2d9",
  stairs: "#bfa47a", door: "#9c7b4c", exit: "#b7d9a0", fire: "#e08a5a" };
const square = (x, y) => `${String.fromCharCode(97 + x)}${y + 1}`;

export function draw(view) {
  const loc = view.location || {};
  const w = loc.width || 8, h = loc.height || 6;
  const gridW = w * CELL, gridH = h * CELL;
  const right = GRID_X + gridW + 30;
  const width = Math.max(1000, right + 430);
  const enemies = (view.enemies || []).filter((e) => e.alive !== false);
  const hand = view.yara?.hand || [];
  const scenario = view.round?.in_combat ? 0 : (view.scenario?.text || []).length * 30;
  const height = Math.max(GRID_Y + gridH + 170 + scenario + (hand.length ? 110 : 0), 370 + enemies.length * 78 + 24);
  const svg = root(width, height);
  text(svg, GRID_X, 26, `${loc.name || "Location"} (${loc.number ?? "?"} of ${loc.of ?? "?"})`,
    { "font-size": 20, "font-weight": "bold" });
  drawGrid(svg, view, loc, w, h);
  drawRound(svg, view, GRID_X, GRID_Y + gridH + 26, Math.floor((right - GRID_X - 16) / 6.6));
  drawConan(svg, view.conan || {}, right, 14);
  let y = 356;
  text(svg, right, y, "Enemies", { "font-size": 16, "font-weight": "bold" });
  y += 10;
  for (const e of enemies) { drawEnemy(svg, e, right, y); y += 78; }
  const dead = (view.enemies || []).filter((e) => e.alive === false).map((e) => e.name);
  if (dead.length) text(svg, right, y + 12, `Slain: ${dead.join(", ")}`, { fill: "#6f5a3a" });
  if (hand.length) drawHand(svg, view.yara, GRID_X, GRID_Y + gridH + 120);
  return svg;
}

function drawGrid(svg, view, loc, w, h) {
  const cells = loc.cells || [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const c = (cells[y] || [])[x] || {};
      const g = pickable(svg, square(x, y), { "data-square": square(x, y) });
      el("rect", { x: GRID_X + x * CELL, y: GRID_Y + y * CELL, width: CELL, height: CELL,
        fill: TERRAIN[c.terrain] || "#e9dcb8", stroke: "#8a6d3b", "stroke-width": 1 }, g);
      text(g, GRID_X + x * CELL + 3, GRID_Y + y * CELL + 11, square(x, y), { "font-size": 9, fill: "#6f5a3a" });
      if (c.elevation) {
        text(g, GRID_X + x * CELL + CELL - 4, GRID_Y + y * CELL + 11, `▲${c.elevation}`,
          { "font-size": 10, "text-anchor": "end", fill: "#5b3a1a" });
      }
      if (c.terrain && c.terrain !== "floor" && c.terrain !== "blocking") {
        text(g, GRID_X + x * CELL + 3, GRID_Y + y * CELL + CELL - 4, c.terrain.slice(0, 10),
          { "font-size": 8, fill: "#5b3a1a" });
      }
    }
  }
  const conan = view.conan || {};
  if (conan.x !== undefined && conan.x !== null) {
    const g = pickable(svg, "Conan");
    const cx = GRID_X + conan.x * CELL + CELL / 2, cy = GRID_Y + conan.y * CELL + CELL / 2;
    el("circle", { cx, cy, r: CELL * 0.36, fill: "#8b1e1e", stroke: "#2b1d0e", "stroke-width": 2 }, g);
    text(g, cx, cy + 5, "C", { "text-anchor": "middle", "font-size": 16, fill: "#fff", "font-weight": "bold" });
  }
  for (const e of view.enemies || []) {
    if (e.alive === false || e.x === undefined || e.x === null) continue;
    const g = pickable(svg, e.name);
    const cx = GRID_X + e.x * CELL + CELL / 2, cy = GRID_Y + e.y * CELL + CELL / 2;
    el("rect", { x: cx - CELL * 0.34, y: cy - CELL * 0.34, width: CELL * 0.68, height: CELL * 0.68, rx: 6,
      fill: "#2b1d0e", stroke: "#c9a227", "stroke-width": 2 }, g);
    text(g, cx, cy + 2, e.name.replace(/^(\w)\w*\s*/, "$1"), { "text-anchor": "middle", "font-size": 13, fill: "#f3e6c8" });
    text(g, cx, cy + 15, `${e.wounds}/${e.life}`, { "text-anchor": "middle", "font-size": 9, fill: "#f3e6c8" });
  }
}

function drawRound(svg, view, x, y, chars) {
  const r = view.round || {};
  const bits = [];
  if (r.combat_round !== undefined) bits.push(`Combat round ${r.combat_round}`);
  if (r.initiative_token) bits.push(`initiative token: ${r.initiative_token}`);
  if (r.initiative_card && (r.initiative_card_this_round ?? true)) bits.push(`initiative card: ${brief(r.initiative_card.card ?? r.initiative_card)}`);
  if (r.in_combat) bits.push(r.goes_first ? `${r.goes_first} goes first` : "initiative not yet chosen");
  if (view.item_deck !== undefined) bits.push(`item deck ${view.item_deck}`);
  if (view.yara) bits.push(`Yara: ${view.yara.hand_size ?? view.yara.hand?.length ?? 0} Plot cards in hand, deck ${view.yara.deck ?? "?"}`);
  let line = y + 16 * wrapped(svg, x, y, bits.join(" · "), chars, { "font-size": 13 }, 16) + 2;
  // each panel as the sentence the view writes for it
  for (const key of ["incoming", "attack", "test"]) {
    if (view[key]) { line += 14 * wrapped(svg, x, line, view[key].text ?? `${key}: ${brief(view[key])}`, chars, { "font-size": 12 }); }
  }
  // the location's scenario page (its tests and events), public at the table, outside combat
  if (view.scenario && !r.in_combat) {
    for (const s of view.scenario.text || []) line += 13 * wrapped(svg, x, line, s, chars, { "font-size": 11, fill: "#6f5a3a" });
  }
  if (view.winner) text(svg, x, line + 4, `Winner: ${view.winner}`, { "font-size": 16, fill: "#8b1e1e", "font-weight": "bold" });
}

const ROWS = ["LEAP", "BLOCK", "RIPOSTE", "SLASH", "BIG SWING"];

function drawConan(svg, c, x, y) {
  el("rect", { x, y, width: 410, height: 326, rx: 8, fill: "#fbf4e2", stroke: "#8b1e1e", "stroke-width": 2 }, svg);
  text(svg, x + 12, y + 24, "Conan", { "font-size": 18, "font-weight": "bold", fill: "#8b1e1e" });
  text(svg, x + 80, y + 24, `at ${c.square ?? "-"} · level ${c.level ?? 0} · XP ${c.xp ?? 0} · `
    + `FATIGUE ${c.fatigue ?? 0} · wounds ${c.wounds ?? 0} · RAGE ${c.rage ?? 0}`, { "font-size": 12 });
  text(svg, x + 12, y + 42, `${c.dice ?? 0} dice · move ${c.move_left ?? 0} left${c.activation ? ` · ${c.activation}` : ""}`,
    { "font-size": 12, fill: "#6f5a3a" });
  ROWS.forEach((row, i) => {
    const ry = y + 52 + i * 34;
    const g = pickable(svg, row);
    el("rect", { x: x + 10, y: ry, width: 390, height: 30, rx: 4, fill: "#fff", stroke: "#8a6d3b" }, g);
    text(g, x + 18, ry + 20, row, { "font-size": 13, "font-weight": "bold" });
    (c.rows?.[row] || []).forEach((face, k) => die(g, x + 110 + k * 28, ry + 3, 24, Number(face) || face));
  });
  const uy = y + 250;  // below the BIG SWING row, clear of it
  text(svg, x + 12, uy, "Unslotted:", { "font-size": 12 });
  (c.unslotted || []).forEach((face, k) => {
    const g = pickable(svg, `a ${face}`);
    const marked = (c.marked || []).includes(k) || (c.marked || []).includes(face);
    die(g, x + 80 + k * 30, uy - 16, 24, Number(face) || face, { fill: marked ? "#f6d77b" : "#fffdf5" });
  });
  const tokens = [...(c.tokens || []), ...(c.poison || []).map((p) => `POISON ${brief(p)}`)];
  text(svg, x + 12, uy + 24, `Tokens: ${tokens.length ? tokens.map(brief).join(", ") : "none"}`, { "font-size": 12 });
  const skills = (c.skills || []).map((s) => `${s.name}${s.exhausted ? " (exhausted)" : ""}`);
  wrapped(svg, x + 12, uy + 40, `Skills: ${skills.join(", ") || "none"} · Items: ${(c.items || []).map(brief).join(", ") || "none"}`,
    70, { "font-size": 11 });
}

function drawEnemy(svg, e, x, y) {
  const g = pickable(svg, e.name);
  el("rect", { x, y, width: 410, height: 70, rx: 6, fill: "#2b1d0e", stroke: "#c9a227" }, g);
  text(g, x + 10, y + 18, `${e.name} at ${e.square ?? "-"}`, { "font-size": 14, fill: "#c9a227", "font-weight": "bold" });
  text(g, x + 200, y + 18, `wounds ${e.wounds}/${e.life} · move ${e.move ?? "-"}${e.tokens?.length ? ` · ${e.tokens.map(brief).join(", ")}` : ""}`,
    { "font-size": 11, fill: "#f3e6c8" });
  (e.rows || []).forEach((row, i) => {
    const rx = x + 10 + i * 135;
    text(g, rx, y + 38, row.action.split(":")[0] + ": " + (row.action.split(":")[1] || "").trim().split(/[;(]/)[0],
      { "font-size": 10, fill: "#f3e6c8" });
    for (let k = 0; k < row.dice; k++) die(g, rx + k * 22, y + 44, 19, row.results, { fill: "#f3e6c8" });
  });
  if (e.ability) text(g, x + 300, y + 64, e.ability.slice(0, 30), { "font-size": 9, fill: "#cdb57a" });
}

function drawHand(svg, yara, x, y) {
  text(svg, x, y, `Yara's hand (deck ${yara.deck ?? "?"}, discard ${yara.discard ?? "?"})`,
    { "font-size": 15, "font-weight": "bold", fill: "#5a2a7a" });
  yara.hand.forEach((card, i) => {
    const g = pickable(svg, card.name);
    const cx = x + i * 160;
    el("rect", { x: cx, y: y + 8, width: 150, height: 90, rx: 6, fill: "#efe3f7", stroke: "#5a2a7a", "stroke-width": 2 }, g);
    text(g, cx + 8, y + 26, card.name, { "font-size": 12, "font-weight": "bold" });
    text(g, cx + 8, y + 40, `when: ${card.when}`, { "font-size": 10, fill: "#6f5a3a" });
    wrapped(g, cx + 8, y + 56, card.effect, 26, { "font-size": 10 }, 12);
  });
}
