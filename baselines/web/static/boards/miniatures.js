// Conan: Miniatures board (the view of miniatures_v2): the scenario's areas as a map with
// their borders (walls, hut flaps, drops ...), elevation, heroes, models, objects and
// chests; each hero's gem board (Reserve, Fatigue, wounds, gems spent on each action
// space); the Overlord's River of tiles.
import { brief, el, extras, fit, hue, pickable, root, text, wrapped } from "../svg.js";
import { layout } from "./layout.js";

const W = 1000, MAP_H = 600, AREA_W = 112, AREA_H = 62;
const HERO_COLOUR = { conan: "#8b1e1e", shevatas: "#2e6fb0", hadrathus: "#7d3cb0", belit: "#3d8b3d" };
const BORDER = {
  open: { stroke: "#8a6d3b", "stroke-width": 1.5 },
  flap: { stroke: "#a0522d", "stroke-width": 3, "stroke-dasharray": "6 4" },
  "wood wall": { stroke: "#5b3a1a", "stroke-width": 5 },
  "stone wall": { stroke: "#444", "stroke-width": 6 },
  boulder: { stroke: "#777", "stroke-width": 4, "stroke-dasharray": "2 3" },
  drop: { stroke: "#2e5f8a", "stroke-width": 2.5, "stroke-dasharray": "8 3" },
  leap: { stroke: "#b08a2e", "stroke-width": 2.5, "stroke-dasharray": "3 3" },
  "rock slide": { stroke: "#6f5a3a", "stroke-width": 3, "stroke-dasharray": "1 4" },
};
const ACTIONS = ["melee", "ranged", "guard", "manipulation", "move", "reroll"];
const DIE_COLOUR = { yellow: "#f2d13a", orange: "#f08a24", red: "#d03a2a", blue: "#3a6fd0", purple: "#7d3cb0" };

export function draw(view) {
  const areas = view.areas || [];
  const heroes = view.heroes || [];
  const svg = root(W, 1400);
  const head = [view.scenario, `round ${view.round ?? "?"} of ${view.rounds ?? "?"}`, view.phase ? `${view.phase} phase` : null,
    view.winner ? `winner: ${brief(view.winner)}` : null];
  text(svg, 10, 20, head.filter(Boolean).join(" · "), { "font-size": 15, "font-weight": "bold" });
  drawMap(svg, view, areas, 28);
  let y = 28 + MAP_H + 22;  // the map's legend in between
  heroes.forEach((h, i) => drawHero(svg, h, 10 + (i % 2) * 495, y + Math.floor(i / 2) * 150));
  y += Math.ceil(heroes.length / 2) * 150 + 4;
  y = drawOverlord(svg, view.overlord, view.river || [], y);
  y = drawModels(svg, view.models || [], y);
  const end = extras(svg, view, ["scenario", "round", "rounds", "phase", "winner", "areas", "heroes", "models",
    "overlord", "river", "objects"], 10, y + 8, 150);
  return fit(svg, end + 10);
}

function drawMap(svg, view, areas, top) {
  el("rect", { x: 0, y: top, width: W, height: MAP_H, fill: "#cdbf98" }, svg);
  const pos = layout(areas.map((a) => ({ name: a.name, borders: (a.borders || []).map((b) => b.to) })), W, MAP_H, {}, top, 70, [AREA_W, AREA_H]);
  for (const a of areas) {
    for (const b of a.borders || []) {
      if (b.to < a.name || !pos[b.to]) continue;
      const style = BORDER[b.border] || BORDER.open;
      el("line", { x1: pos[a.name][0], y1: pos[a.name][1], x2: pos[b.to][0], y2: pos[b.to][1], ...style,
        opacity: b.open === false ? 1 : 0.8 }, svg);
      if (b.border !== "open") {
        text(svg, (pos[a.name][0] + pos[b.to][0]) / 2, (pos[a.name][1] + pos[b.to][1]) / 2 - 3,
          `${b.border}${b.open === true ? " (open)" : ""}`, { "font-size": 8, "text-anchor": "middle", fill: "#3b2a14" });
      }
    }
  }
  const objectsAt = {};
  for (const o of view.objects || []) (objectsAt[o.where] ||= []).push(o.name);
  for (const a of areas) drawArea(svg, a, pos[a.name], objectsAt[a.name] || []);
  drawLegend(svg, areas, top + MAP_H + 13);
}

const modelCode = (kind) => kind.replace(/[^A-Z]/g, "").slice(0, 2) || kind[0];

// What the map's codes stand for: the heroes' discs and the Overlord's model counters.
function drawLegend(svg, areas, y) {
  const codes = {};
  for (const a of areas) {
    for (const m of a.models || []) {
      const kind = m.replace(/\s*#\d+$/, "").replace(/\s*\(.*\)$/, "");
      (codes[modelCode(kind)] ||= new Set()).add(kind);
    }
  }
  const parts = Object.entries(codes).map(([c, kinds]) => `${c} ${[...kinds].join(" / ")}`);
  const line = `Discs: heroes (first letter) · squares: the Overlord's models${parts.length ? `: ${parts.join(" · ")}` : ""} (a number: how many)`;
  text(svg, 8, y, line.length > 190 ? `${line.slice(0, 188)}…` : line, { "font-size": 10, fill: "#2b1d0e" });
}

function drawArea(svg, a, [x, y], objects) {
  const g = pickable(svg, a.name);
  const w = AREA_W, h = AREA_H;
  const fill = a.water ? "#9cc3e0" : a.hut ? "#c8a56a" : hue(`e${a.elevation}`, 25, 84 - 8 * a.elevation);
  el("rect", { x: x - w / 2, y: y - h / 2, width: w, height: h, rx: a.hut ? 18 : 6, fill,
    stroke: a.edge ? "#3d8b3d" : "#5b3a1a", "stroke-width": a.edge ? 3 : 1.5 }, g);
  text(g, x - w / 2 + 4, y - h / 2 + 11, a.name, { "font-size": 9, "font-weight": "bold" });
  const marks = [a.elevation ? `▲${a.elevation}` : null, a.hut ? `hut ${a.hut}` : null, `cap ${a.capacity}`,
    a.chests ? `chest ${a.chests}` : null, a.relics ? `relic ${a.relics}` : null, a.searched ? "searched" : null];
  text(g, x - w / 2 + 4, y + h / 2 - 4, marks.filter(Boolean).join(" "), { "font-size": 7, fill: "#3b2a14" });
  let cx = x - w / 2 + 10;
  for (const name of a.heroes || []) {
    el("circle", { cx, cy: y - 5, r: 9, fill: HERO_COLOUR[name.toLowerCase()] || "#8b1e1e", stroke: "#fff", "stroke-width": 1.5 }, g);
    text(g, cx, y - 1, name[0], { "font-size": 10, "text-anchor": "middle", fill: "#fff", "font-weight": "bold" });
    el("title", {}, g, name);
    cx += 20;
  }
  const groups = {};
  for (const m of a.models || []) { const k = m.replace(/\s*#\d+$/, ""); groups[k] = (groups[k] || 0) + 1; }
  for (const [kind, n] of Object.entries(groups)) {
    el("rect", { x: cx - 8, y: y - 13, width: 16, height: 16, rx: 2, fill: "#2b1d0e", stroke: "#c9a227" }, g);
    text(g, cx, y - 1, modelCode(kind.replace(/\s*\(.*\)$/, "")), { "font-size": 8, "text-anchor": "middle", fill: "#f3e6c8" });
    if (n > 1) text(g, cx + 7, y + 10, `${n}`, { "font-size": 8, fill: "#2b1d0e", "font-weight": "bold" });
    cx += 20;
  }
  if (a.models?.length) el("title", {}, g, `${a.name}: ${a.models.join(", ")}`);
  if (objects.length) text(g, x - w / 2 + 4, y + 17, objects.join(", ").slice(0, 28), { "font-size": 7, fill: "#2e4f7a" });
}

function gems(svg, x, y, n, fill, label) {
  text(svg, x, y + 4, `${label} ${n}`, { "font-size": 10 });
  for (let i = 0; i < Math.min(n, 14); i++) el("circle", { cx: x + 78 + i * 11, cy: y, r: 4.5, fill, stroke: "#222", "stroke-width": 0.6 }, svg);
}

function drawHero(svg, h, x, y) {
  const g = pickable(svg, h.name);
  el("rect", { x, y, width: 485, height: 142, rx: 8, fill: "#fbf4e2", stroke: HERO_COLOUR[h.role] || "#555", "stroke-width": 3 }, g);
  text(g, x + 10, y + 18, `${h.name} · ${h.state}${h.area ? ` in ${h.area}` : ""}${h.stance ? ` · ${h.stance}` : ""}`,
    { "font-size": 13, "font-weight": "bold" });
  text(g, x + 475, y + 18, `life ${h.life - (h.wounds || 0)}/${h.life}`, { "font-size": 12, "text-anchor": "end", fill: "#8b1e1e" });
  gems(svg, x + 10, y + 32, h.reserve ?? 0, "#3a8fd0", "Reserve");
  gems(svg, x + 10, y + 46, h.fatigue ?? 0, "#9a9a9a", "Fatigue");
  gems(svg, x + 10, y + 60, h.wounds ?? 0, "#d03a2a", "Wounds");
  ACTIONS.forEach((k, i) => {
    const sx = x + 10 + i * 78, sy = y + 72;
    const space = h.action_spaces?.[k] || {};
    const spent = h.spent?.[k] ?? 0;
    el("rect", { x: sx, y: sy, width: 72, height: 34, rx: 4, fill: "#fff", stroke: "#8a6d3b" }, svg);
    text(svg, sx + 4, sy + 12, k, { "font-size": 9, "font-weight": "bold" });
    if (space.die) el("rect", { x: sx + 58, y: sy + 3, width: 11, height: 11, rx: 2, fill: DIE_COLOUR[space.die] || "#ccc", stroke: "#222" }, svg);
    text(svg, sx + 4, sy + 27, `${spent} spent${space.limit !== null && space.limit !== undefined ? ` / ${space.limit}` : ""}`, { "font-size": 9 });
  });
  const bits = [`move ${h.movement_points ?? 0}/${h.base_movement ?? 0}`, h.carrying?.length ? `carries ${h.carrying.join(", ")}` : null,
    h.spells?.length ? `spells ${h.spells.map(brief).join(", ")}` : null, h.done_acting ? "done acting" : null];
  wrapped(svg, x + 10, y + 122, bits.filter(Boolean).join(" · "), 80, { "font-size": 10 }, 11);
}

function drawOverlord(svg, ov, river, y) {
  el("rect", { x: 10, y, width: 980, height: 96, rx: 8, fill: "#2b1d0e" }, svg);
  text(svg, 20, y + 18, "The Overlord", { "font-size": 15, fill: "#c9a227", "font-weight": "bold" });
  if (ov) text(svg, 140, y + 18, `Reserve ${ov.reserve} · Fatigue ${ov.fatigue} · recovery ${ov.recovery} · deck ${ov.deck}`
    + (ov.hand ? ` · hand ${brief(ov.hand)}` : ""), { "font-size": 12, fill: "#f3e6c8" });
  river.forEach((t, i) => {
    const g = pickable(svg, `slot ${t.slot}`);
    const x = 20 + i * 120;
    el("rect", { x, y: y + 28, width: 112, height: 58, rx: 5, fill: "#f3e6c8", stroke: "#c9a227" }, g);
    text(g, x + 6, y + 42, `slot ${t.slot} · ${t.cost} gem${t.cost === 1 ? "" : "s"}`, { "font-size": 9, fill: "#6f5a3a" });
    wrapped(g, x + 6, y + 58, t.tile, 20, { "font-size": 11, "font-weight": "bold" }, 12);
  });
  return y + 104;
}

function drawModels(svg, models, y) {
  if (!models.length) return y;
  text(svg, 10, y + 14, "The Overlord's models", { "font-size": 14, "font-weight": "bold" });
  models.forEach((m, i) => {
    const x = 10 + (i % 2) * 495, my = y + 30 + Math.floor(i / 2) * 15;
    const g = pickable(svg, m.name);
    text(g, x, my, `${m.name} in ${m.area}: life ${m.life}/${m.max_life}, armor ${m.armor}, move ${m.move}`
      + `${m.melee?.length ? `, melee ${m.melee.join("+")}` : ""}${m.ranged?.length ? `, ranged ${m.ranged.join("+")}` : ""}`, { "font-size": 10 });
    el("title", {}, g, (m.skills || []).join(", "));
  });
  return y + 30 + Math.ceil(models.length / 2) * 15;
}
