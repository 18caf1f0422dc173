// The studio's page script (Docs/studio.md). It asks frames by frame number,
// so what it shows at frame n is always the frame at n / fps; playing asks for
// the frame the clock has reached once the one before has arrived (frames are
// skipped when drawing is slower than the fps, never shown late or shifted).
"use strict";
const $ = (id) => document.getElementById(id);
let summary = null, generation = 0, frame = 0, playing = false, playStart = 0, playFrom = 0;
let loading = false, wanted = null, shownUrl = null, first = true;

function seconds(n) { return n / summary.fps; }
function view() { return document.querySelector("input[name=view]:checked").value; }
function chosenLayers() {
  const boxes = [...document.querySelectorAll("#layers input")];
  if (boxes.every((box) => box.checked)) return null;
  return boxes.filter((box) => box.checked).map((box) => box.value).join(",");
}
function frameUrl(n, extra) {
  const query = new URLSearchParams({ n: String(n), size: $("full").checked ? "full" : "preview", view: view() });
  const layers = chosenLayers();
  if (layers !== null) query.set("layers", layers);
  for (const [key, value] of Object.entries(extra || {})) query.set(key, value);
  return "/api/frame?" + query.toString();
}
function showError(text) {
  $("error").style.display = text ? "block" : "none";
  $("error").textContent = text || "";
}

// One frame request at a time; the newest wish is drawn next.
function show(n) {
  frame = Math.max(0, Math.min(summary.lastFrame, n));
  $("scrub").value = String(frame);
  $("readout").textContent = seconds(frame).toFixed(3) + " s  ·  frame " + frame + " of " + summary.lastFrame;
  $("cursor").style.left = (100 * seconds(frame) / summary.duration) + "%";
  history.replaceState(null, "", "#n=" + frame);
  wanted = frameUrl(frame);
  pump();
}
async function pump() {
  if (loading || wanted === null) return;
  const url = wanted;
  wanted = null;
  loading = true;
  try {
    const reply = await fetch(url);
    if (reply.ok) {
      const picture = URL.createObjectURL(await reply.blob());
      $("frame").src = picture;
      if (shownUrl) URL.revokeObjectURL(shownUrl);
      shownUrl = picture;
      const largest = reply.headers.get("X-Callshade-Largest-Difference");
      const paired = reply.headers.get("X-Callshade-Recording-Frame");
      $("metrics").textContent = (paired === null ? "" : "the recording's frame " + paired + ". ")
        + (largest === null ? "" : "largest difference " + largest + ", pixels over 1 level: "
        + reply.headers.get("X-Callshade-Pixels-Over") + (reply.headers.get("X-Callshade-Passes") === "yes" ? " (passes)" : " (fails)"));
    } else if (reply.status !== 503) {
      showError((await reply.json()).error);
    }
  } catch (failure) {
    showError("the studio does not answer: " + failure);
  }
  loading = false;
  pump();
}

function tick(now) {
  if (!playing) return;
  const n = playFrom + Math.floor((now - playStart) * summary.fps / 1000);
  if (n > summary.lastFrame) { setPlaying(false); show(summary.lastFrame); return; }
  if (n !== frame && !loading) show(n);
  requestAnimationFrame(tick);
}
function setPlaying(on) {
  playing = on;
  $("play").textContent = on ? "Pause" : "Play";
  if (on) { playFrom = frame >= summary.lastFrame ? 0 : frame; playStart = performance.now(); requestAnimationFrame(tick); }
}

function drawTimeline() {
  const rows = $("rows");
  rows.querySelectorAll(".row").forEach((row) => row.remove());
  const place = (t) => (100 * t / summary.duration) + "%";
  const marks = document.createElement("div");
  marks.className = "row";
  marks.innerHTML = '<span class="name">marks</span>';
  for (const mark of summary.marks) {
    const tick = document.createElement("div");
    tick.className = "mark";
    tick.style.left = place(mark.time);
    tick.title = mark.time.toFixed(3) + " s: " + mark.label;
    tick.onclick = () => { setPlaying(false); show(Math.round(mark.time * summary.fps)); };
    marks.appendChild(tick);
  }
  rows.appendChild(marks);
  const names = [...new Set(summary.bands.map((band) => band.row))];
  for (const name of names) {
    const row = document.createElement("div");
    row.className = "row";
    row.innerHTML = '<span class="name"></span>';
    row.firstChild.textContent = name;
    for (const band of summary.bands.filter((band) => band.row === name)) {
      const span = document.createElement("div");
      span.className = "band";
      span.style.left = place(band.start);
      span.style.width = "calc(" + (100 * (band.end - band.start) / summary.duration) + "% + 1px)";
      span.textContent = band.label;
      span.title = band.label + ": " + band.start.toFixed(3) + " to " + band.end.toFixed(3) + " s";
      row.appendChild(span);
    }
    rows.appendChild(row);
  }
  drawPlotRow();
  const instants = [0, ...summary.marks.map((mark) => mark.time), summary.duration]
    .filter((t, index, all) => all.indexOf(t) === index).sort((a, b) => a - b);
  for (const select of [$("from"), $("to")]) {
    select.innerHTML = "";
    for (const t of instants) {
      const option = document.createElement("option");
      option.value = String(t);
      const label = summary.marks.find((mark) => mark.time === t);
      option.textContent = t.toFixed(2) + " s" + (label ? " " + label.label.slice(0, 28) : "");
      select.appendChild(option);
    }
  }
  $("to").selectedIndex = Math.min(1, instants.length - 1);
}

async function loadSummary() {
  summary = await (await fetch("/api/summary")).json();
  generation = summary.generation;
  $("file").textContent = summary.file;
  $("facts").textContent = summary.kind + ", " + summary.duration + " s, " + summary.fps + " fps, " + summary.size
    + " (preview " + summary.previewSize + ")";
  $("scrub").max = String(summary.lastFrame);
  const kept = new Set([...document.querySelectorAll("#layers input")].filter((box) => !box.checked).map((box) => box.value));
  $("layers").innerHTML = "";
  $("layersBox").style.display = summary.layers.length ? "" : "none";
  for (const name of summary.layers) {
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.value = name;
    box.checked = !kept.has(name);
    box.onchange = () => show(frame);
    label.append(box, " " + name);
    $("layers").appendChild(label);
  }
  drawTimeline();
  await loadSettings();
  const asked = /^#n=(\d+)$/.exec(window.location.hash);
  show(Math.min(first && asked ? Number(asked[1]) : frame, summary.lastFrame));
  first = false;
}

// The recording's plot, a row under the timeline's, once compared.
function drawPlotRow() {
  const rows = $("rows");
  rows.querySelectorAll(".row.plot").forEach((row) => row.remove());
  if (!comparePlot) return;
  const row = document.createElement("div");
  row.className = "row plot";
  row.innerHTML = '<span class="name">recording</span>';
  const plot = document.createElement("img");
  plot.src = comparePlot;
  plot.alt = "SSIM and largest difference against the recording";
  plot.title = "the recording against the scenario: SSIM (blue), largest luma difference (orange), changed frames (red)";
  row.appendChild(plot);
  rows.appendChild(row);
}

// The comparison with a recording (studio --compare): progress, the worst pairs to jump to, the plot on the timeline.
let compareShown = null, comparePlot = null, compareRuns = 0;
function showCompare(state) {
  if (!state) return;
  $("compareBox").style.display = "";
  const key = JSON.stringify(state);
  if (key === compareShown) return;
  compareShown = key;
  const phases = {
    rendering: "rendering the scenario: " + state.done + " of " + state.total + " frames",
    comparing: "comparing the two videos",
    failed: state.error,
    done: "offset " + state.offset + " frames (the recording's frame k is frame k + " + state.offset + " here); "
      + (state.changed.length ? state.changed.length + " changed range(s), shaded on the timeline" : "no frame over the tolerance") };
  $("compareState").textContent = state.recording + ": " + phases[state.phase];
  $("worst").innerHTML = "";
  for (const pair of state.worst) {
    const button = document.createElement("button");
    button.textContent = "frame " + pair.a + " (" + seconds(pair.a).toFixed(3) + " s), recording " + pair.b + ": SSIM "
      + pair.ssim.toFixed(4) + ", largest " + pair.largestDifference;
    button.onclick = () => { setPlaying(false); show(pair.a); };
    $("worst").appendChild(button);
  }
  document.querySelectorAll(".recordingView").forEach((label) => label.style.display = state.phase === "done" ? "" : "none");
  comparePlot = state.phase === "done" ? "/api/compare/plot?run=" + (++compareRuns) : null;
  drawPlotRow();
}

async function refreshStatus() {
  try {
    const status = await (await fetch("/api/status")).json();
    showError(status.error);
    if (status.generation !== generation) await loadSummary();
    showCompare(status.compare);
    const job = status.export;
    $("exportState").textContent = job.phase === "idle" ? "" : job.phase + ": " + job.done + " of " + job.total + " frames"
      + (job.output ? " → " + job.output : "") + (job.error ? "\n" + job.error : "");
  } catch (failure) {
    showError("the studio does not answer: " + failure);
  }
  setTimeout(refreshStatus, 700);
}

// The chat's animation editor. The settings are the server's text (what
// chat-settings export writes), parsed here to draw; a change is sent whole
// and checked by the server, one at a time, the newest waiting one next.
let settingsState = null, settings = null, block = "smallMessage", dragging = null;
let sendingSettings = false, pendingSettings = null;
const curveSize = { width: 360, height: 66, left: 8, right: 8, top: 14, bottom: 8 };

async function loadSettings() {
  if (summary.kind !== "chat") { $("editor").style.display = "none"; return; }
  $("editor").style.display = "flex";
  const reply = await fetch("/api/settings");
  if (reply.ok) takeSettings(await reply.json());
}
function takeSettings(state) {
  settingsState = state;
  $("settingsJson").textContent = state.json;
  const sources = {
    shipped: "The scenario uses the shipped curves (the app's), which have no settings form: the editor starts from the contest defaults, "
      + "and once one is changed the frames follow the editor's model with these settings (as if the scenario's animation named them).",
    contest: 'The scenario uses the contest defaults ("animation": "contest").',
    inline: "The scenario holds its settings inline.",
    file: "The scenario's settings file: " + state.file + "." };
  $("editorSource").textContent = sources[state.source] + (state.edited ? " The frames follow the settings below (not saved)." : "");
  $("saveSettings").title = "writes " + state.saveTo;
  if (dragging) return;
  settings = JSON.parse(state.json);
  const names = Object.keys(settings).filter((key) => typeof settings[key] === "object");
  if ($("block").options.length !== names.length) {
    $("block").innerHTML = "";
    for (const name of names) {
      const option = document.createElement("option");
      option.value = name;
      option.textContent = name + (state.notDrawn.includes(name) ? " (not drawn yet)" : "");
      $("block").appendChild(option);
    }
    $("block").value = block;
  }
  drawCurves();
}
function showSettingsError(text) {
  $("settingsError").style.display = text ? "block" : "none";
  $("settingsError").textContent = text || "";
}
function drawCurves() {
  const chosen = settings[block];
  $("duration").value = String(chosen.duration);
  $("curves").innerHTML = "";
  for (const name of Object.keys(chosen)) {
    if (typeof chosen[name] !== "object" || Array.isArray(chosen[name])) continue;
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", "curve");
    svg.setAttribute("width", curveSize.width);
    svg.setAttribute("height", curveSize.height);
    svg.dataset.property = name;
    svg.onpointerdown = startDrag;
    svg.onpointermove = drag;
    svg.onpointerup = svg.onpointercancel = endDrag;
    drawCurve(svg);
    $("curves").appendChild(svg);
  }
}
// One property: frames across (0 to the block's duration), progress up; the window shaded with its edges,
// the bezier (0,0) (x1,0) (x2,1) (1,1) across the window, its handles as dots.
function drawCurve(svg) {
  const duration = settings[block].duration, w = settings[block][svg.dataset.property];
  const s = curveSize, across = s.width - s.left - s.right, up = s.height - s.top - s.bottom;
  const x = (frame) => s.left + across * frame / duration, y = (p) => s.top + up * (1 - p);
  const h1 = w.start + w.x1 * (w.end - w.start), h2 = w.start + w.x2 * (w.end - w.start);
  svg.innerHTML = '<rect class="window" x="' + x(w.start) + '" y="' + s.top + '" width="' + (x(w.end) - x(w.start)) + '" height="' + up + '"/>'
    + '<path class="line" d="M' + x(0) + ' ' + y(0) + ' L' + x(w.start) + ' ' + y(0) + ' C' + x(h1) + ' ' + y(0) + ' ' + x(h2) + ' ' + y(1)
    + ' ' + x(w.end) + ' ' + y(1) + ' L' + x(duration) + ' ' + y(1) + '"/>'
    + '<line class="arm" x1="' + x(w.start) + '" y1="' + y(0) + '" x2="' + x(h1) + '" y2="' + y(0) + '"/>'
    + '<line class="arm" x1="' + x(w.end) + '" y1="' + y(1) + '" x2="' + x(h2) + '" y2="' + y(1) + '"/>'
    + '<line class="edge" x1="' + x(w.start) + '" y1="' + s.top + '" x2="' + x(w.start) + '" y2="' + (s.top + up) + '"/>'
    + '<line class="edge" x1="' + x(w.end) + '" y1="' + s.top + '" x2="' + x(w.end) + '" y2="' + (s.top + up) + '"/>'
    + '<line class="grip" data-part="start" x1="' + x(w.start) + '" y1="' + s.top + '" x2="' + x(w.start) + '" y2="' + (s.top + up) + '"/>'
    + '<line class="grip" data-part="end" x1="' + x(w.end) + '" y1="' + s.top + '" x2="' + x(w.end) + '" y2="' + (s.top + up) + '"/>'
    + '<circle class="handle" data-part="x1" cx="' + x(h1) + '" cy="' + y(0) + '" r="5"/>'
    + '<circle class="handle" data-part="x2" cx="' + x(h2) + '" cy="' + y(1) + '" r="5"/>'
    + '<text x="' + s.left + '" y="10"></text>';
  svg.querySelector("text").textContent = svg.dataset.property + ": frames " + w.start + " to " + w.end + ", x1 " + w.x1 + ", x2 " + w.x2;
}
function startDrag(event) {
  const part = event.target.dataset ? event.target.dataset.part : undefined;
  if (!part) return;
  dragging = { svg: event.currentTarget, part };
  event.currentTarget.setPointerCapture(event.pointerId);
  event.preventDefault();
}
// A window edge moves by whole frames (0 <= start < end <= duration); a handle along its window, in hundredths.
function drag(event) {
  if (!dragging || dragging.svg !== event.currentTarget) return;
  const svg = dragging.svg, duration = settings[block].duration, w = settings[block][svg.dataset.property];
  const box = svg.getBoundingClientRect(), s = curveSize;
  const at = ((event.clientX - box.left) * s.width / box.width - s.left) / (s.width - s.left - s.right) * duration;
  const was = JSON.stringify(w);
  if (dragging.part === "start") w.start = Math.max(0, Math.min(w.end - 1, Math.round(at)));
  if (dragging.part === "end") w.end = Math.max(w.start + 1, Math.min(duration, Math.round(at)));
  if (dragging.part === "x1" || dragging.part === "x2") {
    w[dragging.part] = Math.round(100 * Math.max(0, Math.min(1, (at - w.start) / (w.end - w.start)))) / 100;
  }
  if (JSON.stringify(w) === was) return;
  drawCurve(svg);
  sendSettings();
}
function endDrag() {
  if (!dragging) return;
  dragging = null;
  if (settingsState && !sendingSettings && pendingSettings === null) takeSettings(settingsState);
}
function sendSettings() {
  pendingSettings = JSON.stringify(settings);
  pumpSettings();
}
async function pumpSettings() {
  if (sendingSettings || pendingSettings === null) return;
  const body = pendingSettings;
  pendingSettings = null;
  sendingSettings = true;
  try {
    const reply = await fetch("/api/settings", { method: "POST", body, headers: { "Content-Type": "application/json" } });
    const answer = await reply.json();
    if (reply.ok) {
      showSettingsError(null);
      takeSettings(answer);
      show(frame);
    } else if (reply.status === 503 && pendingSettings === null) {
      pendingSettings = body;
    } else if (reply.status !== 503) {
      showSettingsError(answer.error);
    }
  } catch (failure) {
    showSettingsError("the studio does not answer: " + failure);
  }
  sendingSettings = false;
  if (pendingSettings !== null) setTimeout(pumpSettings, 0);
}

$("block").onchange = () => { block = $("block").value; drawCurves(); };
$("duration").onchange = () => { settings[block].duration = Number($("duration").value); sendSettings(); };
$("resetSettings").onclick = async () => {
  const reply = await fetch("/api/settings", { method: "DELETE" });
  if (reply.ok) { showSettingsError(null); takeSettings(await reply.json()); $("savedNote").textContent = ""; show(frame); }
};
$("saveSettings").onclick = async () => {
  const reply = await fetch("/api/settings/save", { method: "POST" });
  const answer = await reply.json();
  if (!reply.ok) { showSettingsError(answer.error); return; }
  takeSettings(answer);
  $("savedNote").textContent = "saved to " + answer.saved + (answer.source === "file" ? "" : '; the scenario uses it once its "animation" names it');
};

$("compareAgain").onclick = async () => {
  const reply = await fetch("/api/compare", { method: "POST" });
  if (!reply.ok) $("compareState").textContent = (await reply.json()).error;
};
$("scrub").oninput = () => { setPlaying(false); show(Number($("scrub").value)); };
$("play").onclick = () => setPlaying(!playing);
document.querySelectorAll("input[name=view]").forEach((radio) => radio.onchange = () => show(frame));
$("full").onchange = () => show(frame);
$("png").onclick = () => { window.location.href = frameUrl(frame, { size: "full", download: "1" }); };
$("range").onclick = async () => {
  const query = new URLSearchParams({ from: $("from").value, to: $("to").value, format: $("format").value });
  const reply = await fetch("/api/export?" + query.toString(), { method: "POST" });
  const body = await reply.json();
  $("exportState").textContent = reply.ok ? "started → " + body.output : body.error;
};
document.addEventListener("keydown", (event) => {
  if (!summary || event.target.tagName === "SELECT") return;
  const step = event.shiftKey ? summary.fps : 1;
  if (event.key === "ArrowRight") { setPlaying(false); show(frame + step); event.preventDefault(); }
  if (event.key === "ArrowLeft") { setPlaying(false); show(frame - step); event.preventDefault(); }
  if (event.key === " ") { setPlaying(!playing); event.preventDefault(); }
});
loadSummary().then(refreshStatus);
