"use strict";
// The replay page's script: MATCHES (set before this) holds the records; see records/html.rs.
const SVGNS = "http://www.w3.org/2000/svg";
const SIDE = 560;
const LIST = [];
MATCHES.forEach((m) => m.games.forEach((g) => LIST.push({ m, g })));
let current = 0;
let ply = 0;

function kind(m) {
  return ["gomoku", "connect6", "nogo", "phantom-go", "checkers"].includes(m.game) ? m.game : "other";
}

function el(name, attrs, text) {
  const node = document.createElementNS(SVGNS, name);
  for (const key in attrs) node.setAttribute(key, attrs[key]);
  if (text !== undefined) node.textContent = text;
  return node;
}

// The stones a move places: Gomocup "x,y" or SAU squares ("JJ@@", "KKLL", "EE"; "pass": none).
function stonesOf(m, text) {
  if (text === "pass") return [];
  if (m.game === "gomoku") {
    const [x, y] = text.split(",").map(Number);
    return [[x, y]];
  }
  const out = [];
  for (let i = 0; i + 1 < text.length; i += 2) {
    if (text[i] === "@") continue;
    out.push([text.charCodeAt(i) - 65, text.charCodeAt(i + 1) - 65]);
  }
  return out;
}

function moveName(m, text) {
  if (m.game === "gomoku") {
    const [x, y] = text.split(",").map(Number);
    return String.fromCharCode(97 + x) + (y + 1);
  }
  if (m.game === "checkers") {
    const path = parsePath(text);
    const jump = path.some((p, i) => i > 0 && Math.abs(p[0] - path[i - 1][0]) === 2);
    return path.map((p) => p.join(",")).join(jump ? "x" : "-");
  }
  return text;
}

// Go's captures (Phantom Go): the group of (x, y) leaves the board if it has no liberty.
function removeIfDead(cells, size, x, y) {
  const start = cells.get(x + "," + y);
  if (!start) return;
  const group = [[x, y]];
  const seen = new Set([x + "," + y]);
  for (let k = 0; k < group.length; k++) {
    const [gx, gy] = group[k];
    for (const [nx, ny] of [[gx + 1, gy], [gx - 1, gy], [gx, gy + 1], [gx, gy - 1]]) {
      if (nx < 0 || ny < 0 || nx >= size || ny >= size) continue;
      const key = nx + "," + ny;
      const stone = cells.get(key);
      if (!stone) return;
      if (stone.colour === start.colour && !seen.has(key)) {
        seen.add(key);
        group.push([nx, ny]);
      }
    }
  }
  seen.forEach((key) => cells.delete(key));
}

function stonePosition(m, g, n) {
  const cells = new Map();
  let last = [];
  for (let i = 0; i < n; i++) {
    const colour = i % 2 === 0 ? "black" : "white";
    last = stonesOf(m, g.moves[i][0]);
    last.forEach(([x, y]) => cells.set(x + "," + y, { colour, number: i + 1 }));
    if (m.game === "phantom-go") {
      for (const [x, y] of last)
        for (const [nx, ny] of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]]) {
          const next = cells.get(nx + "," + ny);
          if (next && next.colour !== colour) removeIfDead(cells, m.size, nx, ny);
        }
    }
  }
  return { cells, last };
}

function parsePath(text) {
  return text.trim().split(/\s+/).slice(1).map((s) => s.split(",").map(Number));
}

// Checkers: 1/-1 black/white man, 2/-2 king; black starts on rows 5-7 and moves up.
function checkersPosition(g, n) {
  const cells = new Map();
  for (let r = 0; r < 8; r++)
    for (let c = 0; c < 8; c++)
      if ((r + c) % 2 === 1 && (r <= 2 || r >= 5)) cells.set(r + "," + c, r <= 2 ? -1 : 1);
  let last = [];
  for (let i = 0; i < n; i++) {
    const path = parsePath(g.moves[i][0]);
    const from = path[0].join(",");
    let piece = cells.get(from);
    cells.delete(from);
    for (let k = 1; k < path.length; k++) {
      const [ra, ca] = path[k - 1];
      const [rb, cb] = path[k];
      if (Math.abs(ra - rb) === 2) cells.delete((ra + rb) / 2 + "," + (ca + cb) / 2);
    }
    const [rn, cn] = path[path.length - 1];
    if (piece === 1 && rn === 0) piece = 2;
    if (piece === -1 && rn === 7) piece = -2;
    cells.set(rn + "," + cn, piece);
    last = path;
  }
  return { cells, last };
}

// The winning row through the last stones, if the game ended with one: [[x0,y0],[x1,y1]].
function winningLine(m, g, cells, last) {
  if (g.reason !== "line" || !g.winner) return null;
  const need = m.game === "connect6" ? 6 : 5;
  for (const [x, y] of last) {
    const own = cells.get(x + "," + y);
    if (!own || own.colour !== g.winner) continue;
    for (const [dx, dy] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
      const ends = [];
      for (const sign of [1, -1]) {
        let cx = x;
        let cy = y;
        for (;;) {
          const next = cells.get(cx + sign * dx + "," + (cy + sign * dy));
          if (!next || next.colour !== g.winner) break;
          cx += sign * dx;
          cy += sign * dy;
        }
        ends.push([cx, cy]);
      }
      const length = Math.max(Math.abs(ends[0][0] - ends[1][0]), Math.abs(ends[0][1] - ends[1][1])) + 1;
      if (length >= need) return ends;
    }
  }
  return null;
}

function drawStones(svg, m, g) {
  const size = m.size;
  const step = SIDE / (size + 1);
  const margin = step;
  const at = (v) => margin + v * step;
  svg.appendChild(el("rect", { x: 0, y: 0, width: SIDE, height: SIDE, fill: "#e3c47f" }));
  for (let i = 0; i < size; i++) {
    svg.appendChild(el("line", { x1: at(0), y1: at(i), x2: at(size - 1), y2: at(i), stroke: "#553" }));
    svg.appendChild(el("line", { x1: at(i), y1: at(0), x2: at(i), y2: at(size - 1), stroke: "#553" }));
    const font = { "font-size": Math.min(13, step * 0.4), fill: "#553", "text-anchor": "middle" };
    const letter = m.game === "gomoku" ? String.fromCharCode(97 + i) : String.fromCharCode(65 + i);
    svg.appendChild(el("text", Object.assign({ x: at(i), y: margin * 0.4 }, font), letter));
    const row = m.game === "gomoku" ? String(i + 1) : String.fromCharCode(65 + i);
    svg.appendChild(el("text", Object.assign({ x: margin * 0.4, y: at(i) + 4 }, font), row));
  }
  const { cells, last } = stonePosition(m, g, ply);
  const radius = step * 0.45;
  for (const [key, stone] of cells) {
    const [x, y] = key.split(",").map(Number);
    const black = stone.colour === "black";
    svg.appendChild(el("circle", {
      cx: at(x), cy: at(y), r: radius, class: "stone",
      fill: black ? "#111" : "#fafafa", stroke: "#222", "stroke-width": 1,
    }));
    const opening = stone.number <= g.opening;
    svg.appendChild(el("text", {
      x: at(x), y: at(y) + Math.min(radius * 0.35, 6),
      "text-anchor": "middle", fill: opening ? "#39f" : black ? "#fff" : "#111",
      "font-size": Math.min(radius * (stone.number > 99 ? 0.8 : 0.95), 16),
    }, String(stone.number)));
  }
  for (const [x, y] of last) {
    svg.appendChild(el("circle", {
      cx: at(x), cy: at(y), r: radius + 2, fill: "none", stroke: "#e22", "stroke-width": 2.5, class: "last",
    }));
  }
  if (ply > 0 && g.moves[ply - 1][0] === "pass") {
    svg.appendChild(el("text", {
      x: SIDE / 2, y: SIDE - margin * 0.25, "text-anchor": "middle", fill: "#e22", "font-size": 15, class: "last",
    }, (ply % 2 ? "black" : "white") + " passed"));
  }
  if (ply === g.moves.length) {
    const line = winningLine(m, g, cells, last);
    if (line) {
      svg.appendChild(el("line", {
        x1: at(line[0][0]), y1: at(line[0][1]), x2: at(line[1][0]), y2: at(line[1][1]),
        stroke: "#e22", "stroke-width": 5, "stroke-linecap": "round", opacity: 0.8, id: "winline",
      }));
    }
  }
  return cells.size;
}

function drawCheckers(svg, g) {
  const cell = SIDE / 8;
  const { cells, last } = checkersPosition(g, ply);
  for (let r = 0; r < 8; r++)
    for (let c = 0; c < 8; c++)
      svg.appendChild(el("rect", {
        x: c * cell, y: r * cell, width: cell, height: cell, fill: (r + c) % 2 ? "#8b5a2b" : "#f0d9b5",
      }));
  for (const [r, c] of last) {
    svg.appendChild(el("rect", {
      x: c * cell + 2, y: r * cell + 2, width: cell - 4, height: cell - 4,
      fill: "none", stroke: "#fd0", "stroke-width": 4, class: "last",
    }));
  }
  for (let i = 0; i < 8; i++) {
    const font = { "font-size": 11, fill: "#36c" };
    svg.appendChild(el("text", Object.assign({ x: 3, y: i * cell + cell - 4 }, font), String(i)));
    svg.appendChild(el("text", Object.assign({ x: i * cell + cell - 10, y: SIDE - 3 }, font), String(i)));
  }
  if (last.length) {
    const points = last.map(([r, c]) => (c + 0.5) * cell + "," + (r + 0.5) * cell).join(" ");
    svg.appendChild(el("polyline", { points, fill: "none", stroke: "#fd0", "stroke-width": 3, opacity: 0.7 }));
  }
  for (const [key, piece] of cells) {
    const [r, c] = key.split(",").map(Number);
    const cx = (c + 0.5) * cell;
    const cy = (r + 0.5) * cell;
    svg.appendChild(el("circle", {
      cx, cy, r: cell * 0.38, class: "stone",
      fill: piece > 0 ? "#111" : "#fafafa", stroke: "#444", "stroke-width": 2,
    }));
    if (Math.abs(piece) === 2) {
      svg.appendChild(el("text", {
        x: cx, y: cy + 8, "font-size": 24, "text-anchor": "middle", fill: piece > 0 ? "#fd0" : "#a60",
      }, "K"));
    }
  }
  if (last.length) {
    const [r, c] = last[last.length - 1];
    svg.appendChild(el("text", {
      x: c * cell + 6, y: r * cell + 16, "font-size": 13, fill: "#e22", "font-weight": "bold",
    }, String(ply)));
  }
  return cells.size;
}

function seconds(ms) {
  return (ms / 1000).toFixed(1) + " s";
}

function spent(g) {
  const total = [0, 0];
  g.moves.forEach((mv, i) => { total[i % 2] += mv[1] || 0; });
  return total;
}

function openingText(m, g) {
  return g.moves.slice(0, g.opening).map((mv) => moveName(m, mv[0])).join(" ") || "-";
}

function render() {
  const { m, g } = LIST[current];
  const svg = document.getElementById("board");
  svg.replaceChildren();
  let pieces = 0;
  switch (kind(m)) {
    case "checkers":
      pieces = drawCheckers(svg, g);
      break;
    case "other":
      svg.appendChild(el("text", { x: 20, y: 40, "font-size": 16 }, "No board drawing for " + m.game + ": see the moves."));
      break;
    default:
      pieces = drawStones(svg, m, g);
  }
  const status = document.getElementById("status");
  status.dataset.game = String(current + 1);
  status.dataset.ply = String(ply);
  status.dataset.stones = String(pieces);
  let text = "Game " + (current + 1) + " of " + LIST.length + ": move " + ply + " of " + g.moves.length;
  if (ply > 0) {
    const [mv, ms, refused] = g.moves[ply - 1];
    text += " (" + (ply % 2 ? "black" : "white") + " " + moveName(m, mv) + (ms === null ? "" : ", " + ms + " ms") +
      (refused ? ", refused " + refused.join(" ") : "") + ")";
  }
  status.textContent = text;
  const time = spent(g);
  const info = document.getElementById("info");
  info.replaceChildren();
  const lines = [
    m.event + " " + m.date + ": " + m.game + (m.rule ? " (" + m.rule + ")" : "") + " " + m.size + "x" + m.size,
    "time control: " + (m.timeControl || "-"),
    "black: " + g.black + ", spent " + seconds(time[0]),
    "white: " + g.white + ", spent " + seconds(time[1]),
    "result: " + g.result + ", " + g.reason + (g.detail ? " (" + g.detail + ")" : ""),
    "opening: " + openingText(m, g),
  ];
  for (const line of lines) {
    const div = document.createElement("div");
    div.textContent = line;
    info.appendChild(div);
  }
  const moves = document.getElementById("moves");
  moves.replaceChildren();
  g.moves.forEach((mv, i) => {
    const span = document.createElement("span");
    span.textContent = (i % 2 === 0 ? (i / 2 + 1) + ". " : "") + moveName(m, mv[0]) + " ";
    if (i === ply - 1) span.className = "cur";
    span.onclick = () => { ply = i + 1; render(); };
    moves.appendChild(span);
  });
  document.querySelectorAll("#games tr").forEach((tr, i) => {
    tr.className = i === current + 1 ? "sel" : "";
  });
}

function select(index) {
  current = Math.max(0, Math.min(LIST.length - 1, index));
  ply = LIST[current].g.moves.length;
  render();
}

function table() {
  const head = ["#", "game", "black", "white", "result", "reason", "moves", "opening", "black time", "white time"];
  const rows = [head];
  LIST.forEach(({ m, g }) => {
    const time = spent(g);
    rows.push([String(rows.length), m.game + " " + g.round, g.black, g.white, g.result, g.reason,
      String(g.moves.length), openingText(m, g), seconds(time[0]), seconds(time[1])]);
  });
  const tableNode = document.getElementById("games");
  rows.forEach((cells, i) => {
    const tr = document.createElement("tr");
    cells.forEach((cell) => {
      const td = document.createElement(i === 0 ? "th" : "td");
      td.textContent = cell;
      tr.appendChild(td);
    });
    if (i > 0) tr.onclick = () => select(i - 1);
    tableNode.appendChild(tr);
  });
}

document.addEventListener("keydown", (event) => {
  if (!LIST.length) return;
  const length = LIST[current].g.moves.length;
  switch (event.key) {
    case "ArrowRight": ply = Math.min(length, ply + 1); break;
    case "ArrowLeft": ply = Math.max(0, ply - 1); break;
    case "Home": ply = 0; break;
    case "End": ply = length; break;
    case "ArrowUp": select(current - 1); return;
    case "ArrowDown": select(current + 1); return;
    default: return;
  }
  event.preventDefault();
  render();
});

if (LIST.length) {
  table();
  const hash = new URLSearchParams(location.hash.slice(1));
  select(Number(hash.get("game") || 1) - 1);
  const keys = { R: "ArrowRight", L: "ArrowLeft", H: "Home", E: "End", U: "ArrowUp", D: "ArrowDown" };
  for (const letter of hash.get("keys") || "") {
    if (keys[letter]) document.dispatchEvent(new KeyboardEvent("keydown", { key: keys[letter] }));
  }
} else {
  document.getElementById("status").textContent = "No games.";
}
