// Conan: Cards board (the view of cards_v2): the Adventure cards in play with their
// Challenges face up or down, each Hero with DP, items and Ally, your own hand with every
// number, and the wager or offer in progress.
import { PALETTE, brief, el, extras, fit, pickable, root, text, wrapped } from "../svg.js";

const W = 1000;
const CARD_W = 180, CARD_H = 250;
const title = (s) => String(s ?? "").split(" (")[0];
const numbers = (s) => { const m = String(s ?? "").match(/\((.*)\)/); return m ? m[1] : ""; };

export function draw(view) {
  const players = view.players || [];
  const adventures = view.adventures || [];
  const hand = view.hand || [];
  const advRows = Math.max(1, Math.ceil(adventures.length / 5));
  const handRows = Math.max(1, Math.ceil(hand.length / 6));
  const heroesY = 40 + advRows * (CARD_H + 16);
  const handY = heroesY + 40 + Math.ceil(players.length / 2) * 110;
  const extraY = handY + 30 + handRows * 96;
  const svg = root(W, extraY + 130);
  const colour = (name) => PALETTE[players.findIndex((p) => p.player === name)] || "#555";
  const head = [`Round ${view.round ?? "?"}`, view.phase, `target ${view.target_dp ?? "?"} DP`,
    `draw deck ${view.draw_deck ?? "?"}`, `Magic items ${view.magic_item_deck ?? "?"}`];
  text(svg, 10, 24, head.filter(Boolean).join(" · "), { "font-size": 16, "font-weight": "bold" });
  adventures.forEach((a, i) => drawAdventure(svg, a, 10 + (i % 5) * (CARD_W + 16), 40 + Math.floor(i / 5) * (CARD_H + 16), colour));
  if (!adventures.length) text(svg, 10, 70, "No Adventure cards in play yet.", { fill: "#6f5a3a" });
  text(svg, 10, heroesY + 20, "Heroes", { "font-size": 15, "font-weight": "bold" });
  players.forEach((p, i) => drawHero(svg, p, 10 + (i % 2) * 490, heroesY + 30 + Math.floor(i / 2) * 110, colour, view.role));
  text(svg, 10, handY + 16, `Your hand (${hand.reduce((n, c) => n + (c.count || 1), 0)} cards)`, { "font-size": 15, "font-weight": "bold" });
  hand.forEach((c, i) => drawHandCard(svg, c, 10 + (i % 6) * 162, handY + 26 + Math.floor(i / 6) * 96));
  let y = drawWager(svg, view.wager, view.offer, extraY);
  if (view.winner) { text(svg, 10, y + 20, `Winner: ${brief(view.winner)}`, { "font-size": 16, fill: "#8b1e1e", "font-weight": "bold" }); y += 30; }
  const end = extras(svg, view, ["round", "phase", "target_dp", "draw_deck", "magic_item_deck", "players", "adventures", "hand",
    "wager", "offer", "winner", "card_turn_first_round"], 520, extraY + 4, 70);
  return fit(svg, Math.max(y, end) + 10);
}

function drawAdventure(svg, a, x, y, colour) {
  const g = pickable(svg, title(a.adventure));
  el("rect", { x, y, width: CARD_W, height: CARD_H, rx: 10, fill: "#f7ecd0", stroke: colour(a.owner), "stroke-width": 3 }, g);
  wrapped(g, x + 8, y + 18, title(a.adventure), 24, { "font-size": 13, "font-weight": "bold" }, 14);
  wrapped(g, x + 8, y + 50, numbers(a.adventure), 28, { "font-size": 10, fill: "#5b3a1a" }, 12);
  text(g, x + 8, y + 84, `${a.owner ?? "-"} · ${a.status ?? ""}`, { "font-size": 10, fill: "#6f5a3a" });
  (a.heroes || []).forEach((h, k) => {
    el("circle", { cx: x + CARD_W - 16 - k * 20, cy: y + 84, r: 8, fill: colour(h), stroke: "#222" }, g);
    el("title", {}, g, `${h}'s Hero`);
  });
  (a.challenges || []).forEach((c, k) => drawChallenge(svg, c, x + 8, y + 96 + k * 37));
}

function drawChallenge(svg, c, x, y) {
  const known = c.card !== null && c.card !== undefined;
  const g = known ? pickable(svg, title(c.card)) : el("g", {}, svg);
  el("rect", { x, y, width: CARD_W - 16, height: 33, rx: 4, fill: c.face_up ? "#fffdf5" : "#4a3a28",
    stroke: "#2b1d0e", "stroke-dasharray": !c.face_up && known ? "4 2" : null }, g);
  const ink = c.face_up ? "#2b1d0e" : "#f3e6c8";
  text(g, x + 5, y + 13, `${c.position}. ${known ? title(c.card) : "face down"}${!c.face_up && known ? " (you know it)" : ""}`,
    { "font-size": 10, fill: ink, "font-weight": "bold" });
  text(g, x + 5, y + 27, known ? numbers(c.card) : `placed by ${c.placed_by}`, { "font-size": 9, fill: ink });
}

function drawHero(svg, p, x, y, colour, me) {
  const g = pickable(svg, p.player);
  el("rect", { x, y, width: 480, height: 100, rx: 8, fill: p.player === me ? "#fff6dc" : "#fbf4e2", stroke: colour(p.player), "stroke-width": 3 }, g);
  text(g, x + 10, y + 20, `${p.player}${p.player === me ? " (you)" : ""}: ${title(p.hero)}`, { "font-size": 14, "font-weight": "bold" });
  text(g, x + 380, y + 22, `${p.dp} DP`, { "font-size": 20, "font-weight": "bold", fill: "#8b1e1e" });
  text(g, x + 10, y + 36, numbers(p.hero), { "font-size": 11, fill: "#5b3a1a" });
  const bits = [`on ${p.adventure ?? "no Adventure"}`, `${p.cards_in_hand} cards in hand`,
    p.face_down_cards ? `${p.face_down_cards} face down` : null, p.defeated ? "DEFEATED" : null,
    p.ally ? `Ally: ${title(brief(p.ally))}` : null, p.alliance ? `Alliance: ${brief(p.alliance)}` : null];
  wrapped(g, x + 10, y + 54, bits.filter(Boolean).join(" · "), 76, { "font-size": 11 }, 13);
  const items = (p.magic_items || []).map(brief);
  wrapped(g, x + 10, y + 84, `Magic items: ${items.join(", ") || "none"}`, 76, { "font-size": 11 }, 13);
}

function drawHandCard(svg, c, x, y) {
  const g = pickable(svg, title(c.card));
  el("rect", { x, y, width: 154, height: 88, rx: 6, fill: "#fffdf5", stroke: "#8a6d3b", "stroke-width": 1.5 }, g);
  wrapped(g, x + 7, y + 16, title(c.card), 22, { "font-size": 12, "font-weight": "bold" }, 13);
  wrapped(g, x + 7, y + 46, numbers(c.card), 26, { "font-size": 10, fill: "#5b3a1a" }, 12);
  if ((c.count || 1) > 1) text(g, x + 146, y + 82, `x${c.count}`, { "font-size": 12, "text-anchor": "end", "font-weight": "bold" });
}

function drawWager(svg, w, offer, y) {
  el("rect", { x: 10, y, width: 500, height: 120, rx: 8, fill: "#2b1d0e" }, svg);
  const ink = { fill: "#f3e6c8", "font-size": 12 };
  if (!w && !offer) { text(svg, 22, y + 24, "No wager or offer in progress.", ink); return y + 120; }
  let line = y + 22;
  if (w) {
    text(svg, 22, line, `Wager: ${w.kind}${w.hero ? ` · ${w.hero}` : ""}${w.opponent ? ` against ${w.opponent}` : ""}`,
      { ...ink, "font-size": 14, fill: "#c9a227" });
    line += 16;
    if (w.challenge) { wrapped(svg, 22, line, `facing ${w.challenge} on ${w.adventure ?? "-"}`, 70, ink); line += 16; }
    text(svg, 22, line, `staked: ${brief(w.wagered)} · to match ${w.to_match ?? 0}${w.attribute ? ` · attribute ${w.attribute}` : ""}`, ink);
    line += 16;
    if (w.cards?.length) { wrapped(svg, 22, line, `cards: ${brief(w.cards)}`, 74, ink); line += 16; }
  }
  if (offer) wrapped(svg, 22, line, `Offer: ${offer.terms ?? brief(offer)}`, 74, ink);
  return y + 120;
}
