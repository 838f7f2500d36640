// Places the nodes of a map (areas, kingdoms) from their borders when the view gives no
// coordinates: a force layout (Fruchterman-Reingold), deterministic, with `fixed` nodes
// pinned where a designed map puts them. Results are kept per graph, so a board does not
// move between two drawings.
const cache = new Map();

export function layout(nodes, width, height, fixed = {}, top = 0, margin = 50, box = null) {
  const key = JSON.stringify([nodes.map((n) => [n.name, n.borders]), width, height, Object.keys(fixed), top, box]);
  if (cache.has(key)) return cache.get(key);
  const names = nodes.map((n) => n.name);
  const index = Object.fromEntries(names.map((n, i) => [n, i]));
  const edges = [];
  nodes.forEach((n, i) => {
    for (const b of n.borders) if (b in index && index[b] > i) edges.push([i, index[b]]);
  });
  const pos = names.map((name, i) => fixed[name]
    ? [...fixed[name]]
    : [width / 2 + (width / 3) * Math.cos((2 * Math.PI * i) / names.length),
      top + height / 2 + (height / 3) * Math.sin((2 * Math.PI * i) / names.length)]);
  const k = Math.sqrt((width * height) / Math.max(1, names.length)) * 0.75;
  let temp = width / 8;
  for (let it = 0; it < 300; it++) {
    const disp = names.map(() => [0, 0]);
    for (let i = 0; i < names.length; i++) {
      for (let j = i + 1; j < names.length; j++) {
        const dx = pos[i][0] - pos[j][0], dy = pos[i][1] - pos[j][1];
        const d = Math.max(1, Math.hypot(dx, dy));
        const f = (k * k) / d;
        disp[i][0] += (dx / d) * f; disp[i][1] += (dy / d) * f;
        disp[j][0] -= (dx / d) * f; disp[j][1] -= (dy / d) * f;
      }
    }
    for (const [i, j] of edges) {
      const dx = pos[i][0] - pos[j][0], dy = pos[i][1] - pos[j][1];
      const d = Math.max(1, Math.hypot(dx, dy));
      const f = (d * d) / k;
      disp[i][0] -= (dx / d) * f; disp[i][1] -= (dy / d) * f;
      disp[j][0] += (dx / d) * f; disp[j][1] += (dy / d) * f;
    }
    names.forEach((name, i) => {
      if (fixed[name]) return;
      const d = Math.max(1, Math.hypot(disp[i][0], disp[i][1]));
      pos[i][0] = Math.min(width - margin, Math.max(margin, pos[i][0] + (disp[i][0] / d) * Math.min(d, temp)));
      pos[i][1] = Math.min(top + height - margin / 2, Math.max(top + margin / 2, pos[i][1] + (disp[i][1] / d) * Math.min(d, temp)));
    });
    temp = Math.max(1, temp * 0.985);
  }
  if (box) separate(pos, names, fixed, box, width, height, top, margin);
  const out = Object.fromEntries(names.map((n, i) => [n, pos[i]]));
  cache.set(key, out);
  return out;
}

// Push apart boxes of size `box` ([w, h]) centred on the points until none overlap (or
// enough rounds have passed), moving only the nodes that are not pinned.
function separate(pos, names, fixed, [bw, bh], width, height, top, margin) {
  for (let round = 0; round < 200; round++) {
    let moved = false;
    for (let i = 0; i < pos.length; i++) {
      for (let j = i + 1; j < pos.length; j++) {
        const ox = bw + 8 - Math.abs(pos[i][0] - pos[j][0]);
        const oy = bh + 8 - Math.abs(pos[i][1] - pos[j][1]);
        if (ox <= 0 || oy <= 0) continue;
        moved = true;
        const horizontal = ox / bw < oy / bh;
        const axis = horizontal ? 0 : 1;
        const push = (horizontal ? ox : oy) / 2 + 0.5;
        const sign = pos[i][axis] < pos[j][axis] || (pos[i][axis] === pos[j][axis] && i < j) ? -1 : 1;
        const fi = Boolean(fixed[names[i]]), fj = Boolean(fixed[names[j]]);
        if (!fi) pos[i][axis] += sign * push * (fj ? 2 : 1);
        if (!fj) pos[j][axis] -= sign * push * (fi ? 2 : 1);
      }
    }
    for (let i = 0; i < pos.length; i++) {
      if (fixed[names[i]]) continue;
      pos[i][0] = Math.min(width - bw / 2 - 4, Math.max(bw / 2 + 4, pos[i][0]));
      pos[i][1] = Math.min(top + height - bh / 2 - 4, Math.max(top + bh / 2 + 4, pos[i][1]));
    }
    if (!moved) break;
  }
}
