// The replay viewer: steps through a saved game or an evaluation game's record
// ({env_id, config, seed, actions}) as one chosen seat saw it.
import { api, screen, showError } from "./app.js";
import { drawBoard, drawLog } from "./panels.js";

const $ = (id) => document.getElementById(id);
let replay = null;  // {id, length, step, role, timer}

export async function openReplay(file) {
  showError(null);
  try {
    const r = await api("POST", "/api/replays", { text: await file.text() });
    stop();
    // an unfinished game is viewed only as the seats its people held (the server says which)
    replay = { id: r.replay_id, length: r.length, step: 0, role: r.viewers[0], timer: null };
    const sel = $("rp-role");
    sel.replaceChildren(...r.viewers.map((role) => new Option(role, role)));
    $("rp-slider").max = r.length;
    screen("replay");
    await show(0);
  } catch (e) { showError(e); }
}

async function show(step) {
  if (!replay) return;
  replay.step = Math.max(0, Math.min(replay.length, step));
  try {
    const r = await api("GET", `/api/replays/${replay.id}/${replay.step}?role=${encodeURIComponent(replay.role)}`);
    $("rp-slider").value = r.step;
    $("rp-step").textContent = `step ${r.step} of ${r.length}`;
    $("rp-step").dataset.step = r.step;
    $("rp-action").textContent = r.last_action ? `Last move: ${r.last_action}` : "The start of the game";
    $("rp-prompt").textContent = r.over ? `Game over: ${r.view.decision.prompt}` : `${r.view.decision.actor} to act: ${r.view.decision.prompt}`;
    await drawBoard($("rp-board"), r.view);
    drawLog($("rp-log"), r.view.log, null);
  } catch (e) { showError(e); }
}

function stop() {
  if (replay?.timer) clearInterval(replay.timer);
  if (replay) replay.timer = null;
  $("rp-play").textContent = "play";
}

function wire() {
  $("rp-first").addEventListener("click", () => { stop(); show(0); });
  $("rp-prev").addEventListener("click", () => { stop(); show(replay.step - 1); });
  $("rp-next").addEventListener("click", () => { stop(); show(replay.step + 1); });
  $("rp-last").addEventListener("click", () => { stop(); show(replay.length); });
  $("rp-slider").addEventListener("input", (ev) => { stop(); show(Number(ev.target.value)); });
  $("rp-role").addEventListener("change", (ev) => { replay.role = ev.target.value; show(replay.step); });
  $("rp-play").addEventListener("click", () => {
    if (replay.timer) return stop();
    $("rp-play").textContent = "pause";
    replay.timer = setInterval(() => {
      if (replay.step >= replay.length) return stop();
      show(replay.step + 1);
    }, 600);
  });
}

wire();
