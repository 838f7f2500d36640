// Small helpers every board uses to draw its view as SVG.
const NS = "http://www.w3.org/2000/svg";

// An SVG element with attributes, appended to `parent`; `text` sets its text content.
export function el(tag, attrs = {}, parent = null, text = null) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== null) node.setAttribute(k, v);
  }
  if (text !== null && text !== undefined) node.textContent = String(text);
  if (parent) parent.appendChild(node);
  return node;
}

// Set the board's height once everything is drawn.
export function fit(svg, h) {
  const w = svg.viewBox.baseVal.width;
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("height", h);
  return svg;
}

// The board's root element, `w` x `h` user units, scaled to the width of its box.
export function root(w, h) {
  return el("svg", { viewBox: `0 0 ${w} ${h}`, width: w, height: h, role: "img" });
}

export function text(parent, x, y, str, attrs = {}) {
  return el("text", { x, y, "font-size": 12, fill: "#2b1d0e", ...attrs }, parent, str);
}

// A group the player can click to pick the legal action named with `name` (the app
// matches it against the action names as a whole word, case aside).
export function pickable(parent, name, attrs = {}) {
  const g = el("g", { class: "pickable", ...attrs }, parent);
  g.dataset.pick = name;
  const title = el("title", {}, g, name);
  title.dataset.role = "title";
  return g;
}

const PIPS = {
  1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

// A die at (x, y) of side `s`: pips for 1-6, otherwise the face's name (or symbol) written.
export function die(parent, x, y, s, face, { fill = "#fffdf5", ink = "#2b1d0e", stroke = "#2b1d0e" } = {}) {
  const g = el("g", { transform: `translate(${x},${y})` }, parent);
  el("rect", { x: 0, y: 0, width: s, height: s, rx: s / 6, fill, stroke, "stroke-width": 1.2 }, g);
  if (typeof face === "number" && PIPS[face]) {
    for (const [dx, dy] of PIPS[face]) {
      el("circle", { cx: s / 2 + dx * s / 4, cy: s / 2 + dy * s / 4, r: s / 11, fill: ink }, g);
    }
  } else if (face !== null && face !== undefined) {
    const label = String(face);
    el("text", { x: s / 2, y: s / 2 + s / 7, "text-anchor": "middle",
      "font-size": Math.max(7, Math.min(s / 2.2, (s * 1.6) / Math.max(1, label.length))), fill: ink }, g, label);
  }
  return g;
}

// Text wrapped into lines of at most `width` characters, starting at (x, y).
export function wrapped(parent, x, y, str, width, attrs = {}, lineHeight = 13) {
  const words = String(str ?? "").split(/\s+/);
  const lines = [];
  let line = "";
  for (const w of words) {
    if ((line + " " + w).trim().length > width && line) { lines.push(line); line = w; }
    else line = (line + " " + w).trim();
  }
  if (line) lines.push(line);
  lines.forEach((l, i) => text(parent, x, y + i * lineHeight, l, attrs));
  return lines.length;
}

// A value of the view in a few words: numbers and strings as they are, lists joined.
export function brief(v) {
  if (v === null || v === undefined) return "-";
  if (Array.isArray(v)) return v.map(brief).join(", ");
  if (typeof v === "object") {
    if ("name" in v) return String(v.name);
    if ("card" in v) return `${v.card}${v.count > 1 ? ` x${v.count}` : ""}`;
    return Object.entries(v).map(([k, x]) => `${k} ${brief(x)}`).join("; ");
  }
  if (typeof v === "boolean") return v ? "yes" : "no";
  return String(v);
}

// Colours for players and countries, fixed by index.
export const PALETTE = ["#b03a2e", "#2e6fb0", "#3d8b3d", "#b08a2e", "#7d3cb0", "#2ea39b", "#b0562e", "#5a5a5a"];

// The view's keys a board does not draw itself, one line each, so nothing is left unseen.
export function extras(parent, view, drawn, x, y, width = 120, lineHeight = 14) {
  const skip = new Set(["env_id", "role", "decision", "log", ...drawn]);
  let line = y;
  for (const [k, v] of Object.entries(view)) {
    if (skip.has(k) || v === null || v === undefined || (Array.isArray(v) && !v.length)) continue;
    if (typeof v === "object" && !Array.isArray(v) && !Object.keys(v).length) continue;
    line += lineHeight * wrapped(parent, x, line, `${k.replace(/_/g, " ")}: ${brief(v)}`, width,
      { "font-size": 12 }, lineHeight);
  }
  return line;
}

// A stable colour for a name (countries, areas).
export function hue(name, s = 45, l = 78) {
  let h = 0;
  for (const ch of String(name)) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return `hsl(${h}, ${s}%, ${l}%)`;
}
