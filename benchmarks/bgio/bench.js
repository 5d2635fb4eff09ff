'use strict';
// Load driver for boardgame.io's own server, in the lane shape of benchmarks/bench_live.py's saturating lanes.
//
//   node bench.js [tables=10] [seconds=20] [--warmup=10] [--ramp=S] [--seed=1] [--server-cpus=LIST]
//                 [--port=N] [--out=FILE] [--wait-quiet=SECS]
//
// Starts `node server.js PORT` on 127.0.0.1 (under `taskset -c LIST` with --server-cpus, as bench_live keeps
// Daphne on a CPU of its own), then keeps `tables` two-seat matches in play. README.md says what a lane does,
// and how the JSON line printed at the end (and appended to --out) maps onto bench_live's.
// Every wait is bounded; the server is stopped by its PID on every exit.
const { spawn, execSync } = require('child_process');
const fs = require('fs');
const http = require('http');
const net = require('net');
const os = require('os');
const path = require('path');
const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const { CardGame } = require('./game');

const HOST = '127.0.0.1';
const SEATS = ['0', '1'];
// As bench_live: lanes arrive SATURATING_TABLES_PER_S a second and the window opens 10 s after the last;
// a command unanswered for COMMAND_TIMEOUT_MS is a timeout; a failed table is retried after 1 s, doubling to 8 s.
const SATURATING_TABLES_PER_S = 3;
const COMMAND_TIMEOUT_MS = 15000;
const HTTP_TIMEOUT_MS = 10000;
const CONNECT_TIMEOUT_MS = 10000;
const DRAIN_MS = 20000;

// ---------- options ----------
const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const flags = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((a) => a.startsWith('--'))
    .map((a) => {
      const [k, v] = a.slice(2).split('=');
      return [k, v === undefined ? true : v];
    })
);
const TABLES = Number(positional[0] || 10);
const SECONDS = Number(positional[1] || 20);
const RAMP = flags.ramp !== undefined ? Number(flags.ramp) : TABLES / SATURATING_TABLES_PER_S;
const WARMUP = flags.ramp !== undefined ? Number(flags.warmup ?? 10) : Math.max(Number(flags.warmup ?? 10), RAMP + 10);
const SEED = String(flags.seed ?? 1);
const SERVER_CPUS = flags['server-cpus'] ? String(flags['server-cpus']) : '';
if (!(TABLES >= 1 && TABLES <= 5000) || !(SECONDS > 0 && SECONDS <= 600) || !(WARMUP >= 0) || !(RAMP >= 0)) {
  console.error('usage: node bench.js TABLES(1..5000) SECONDS(0..600) [--warmup=S] [--ramp=S] [--seed=N] ' +
    '[--server-cpus=LIST] [--port=N] [--out=FILE] [--wait-quiet=SECS]');
  process.exit(2);
}
const HARD_LIMIT_MS = (WARMUP + SECONDS) * 1000 + DRAIN_MS + 60000;

// ---------- helpers ----------
const now = () => performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const r2 = (x) => (x == null ? null : Math.round(x * 100) / 100);
const CLK_TCK = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

// A seeded generator (mulberry32 over an FNV-1a hash of the name), as bench_live seeds each seat's choices.
function seededRandom(name) {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function procCpuSeconds(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK; // utime + stime
}
function machineTicks() {
  // as benchmarks/livebench/meter.py: (busy, total) jiffies of all CPUs; irq and softirq count as busy
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - f[3] - f[4], total };
}
function machineBusyPct(a, b) {
  return (os.cpus().length * 100 * (b.busy - a.busy)) / Math.max(1, b.total - a.total);
}
// Fixed JSON work, min and median of 5, to see how fast the host was that run (lower: faster).
function calibrateMs() {
  const obj = { hands: { 0: Array.from({ length: 26 }, (_, i) => 'c' + i) }, pile: Array.from({ length: 26 }, (_, i) => 'p' + i) };
  const xs = [];
  for (let k = 0; k < 5; k++) {
    const t = now();
    for (let i = 0; i < 20000; i++) JSON.parse(JSON.stringify(obj));
    xs.push(now() - t);
  }
  xs.sort((a, b) => a - b);
  return { min: r2(xs[0]), median: r2(xs[2]) };
}
function rssMB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number((status.match(/^VmRSS:\s+(\d+)/m) || [])[1] || 0) / 1024;
}
function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, HOST, () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}
// The nearest-rank percentile, as bench_live computes it.
function percentile(sorted, p) {
  if (!sorted.length) return null;
  return r2(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]);
}
function spread(samples) {
  if (!samples.length) return { mean: 0, min: 0, max: 0 };
  return { mean: Math.round((10 * samples.reduce((a, b) => a + b, 0)) / samples.length) / 10, min: Math.min(...samples), max: Math.max(...samples) };
}

class LaneError extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind; // the error's bucket in the report, named as bench_live names it
  }
}

let BASE = '';
// One request per connection, as bench_live's lanes make them.
function postJSON(pathname, body) {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(
      `${BASE}${pathname}`,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), connection: 'close' },
        timeout: HTTP_TIMEOUT_MS,
      },
      (res) => {
        let buf = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (buf += c));
        res.on('end', () => {
          if (res.statusCode >= 300) {
            const kind = res.statusCode >= 500 ? 'http_5xx' : 'http_4xx';
            return reject(new LaneError(kind, `POST ${pathname}: ${res.statusCode} ${buf.slice(0, 200)}`));
          }
          try {
            resolve(JSON.parse(buf));
          } catch (e) {
            reject(new LaneError('http_protocol', `POST ${pathname}: ${e.message}`));
          }
        });
      }
    );
    req.on('timeout', () => req.destroy(new LaneError('http_timeout', `POST ${pathname}: no answer in ${HTTP_TIMEOUT_MS / 1000} s`)));
    req.on('error', (e) => reject(e instanceof LaneError ? e : new LaneError('http_connect', `POST ${pathname}: ${e.message}`)));
    req.end(data);
  });
}

// ---------- the server process ----------
let server = null;
let serverStderr = '';
function stopServer() {
  if (server && server.exitCode === null && server.signalCode === null) {
    try {
      process.kill(server.pid, 'SIGTERM');
    } catch (_) {}
  }
}
async function startServer(port) {
  const node = [process.execPath, path.join(__dirname, 'server.js'), String(port)];
  const [command, ...args] = SERVER_CPUS ? ['taskset', '-c', SERVER_CPUS, ...node] : node; // taskset execs node: same PID
  server = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } });
  server.stderr.on('data', (d) => {
    if (serverStderr.length < 20000) serverStderr += d.toString();
  });
  await new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('server did not start in 60 s')), 60000); // as bench_live waits for Daphne
    let out = '';
    server.stdout.on('data', (d) => {
      out += d.toString();
      if (out.includes('READY')) {
        clearTimeout(t);
        resolve();
      }
    });
    server.once('error', (e) => reject(new Error(`server could not start: ${e.message}`)));
    server.once('exit', (code) => reject(new Error(`server exited early (${code}): ${serverStderr}`)));
  });
}

// ---------- what the lanes count ----------
const stats = {
  latencies: [], // ms, of moves answered inside the window
  movesInWindow: 0,
  movesTotal: 0,
  gamesCompleted: 0, // in the window
  gameLengths: [],
  tablesCreated: 0,
  bytesInWindow: 0, // every websocket message the seats received, as sent
  messagesInWindow: 0,
  connectedSeats: 0,
  errors: {},
  firstErrors: {},
};
let tStart = Infinity; // the window (performance.now ms)
let tEnd = Infinity;
let stopping = false;
let lanesRunning = 0;
const inWindow = (t) => t >= tStart && t < tEnd;

function noteError(kind, message) {
  stats.errors[kind] = (stats.errors[kind] || 0) + 1;
  const examples = (stats.firstErrors[kind] = stats.firstErrors[kind] || []);
  if (examples.length < 3) examples.push(String(message).slice(0, 300));
}

// ---------- a lane: one table after another ----------
async function setUpTable() {
  const { matchID } = await postJSON('/games/cards/create', { numPlayers: 2 });
  const credentials = {};
  for (const seat of SEATS) {
    const joined = await postJSON(`/games/cards/${matchID}/join`, { playerID: seat, playerName: `p${seat}` });
    credentials[seat] = joined.playerCredentials;
  }
  return { matchID, credentials };
}

// Play one match until it ends, the run stops, or a seat fails: resolves "over" or "stopped", rejects a LaneError.
function playTable({ matchID, credentials }, rngs) {
  return new Promise((resolve, reject) => {
    let settled = false;
    let moves = 0;
    const clients = {};
    const connected = {};
    const pending = { 0: null, 1: null }; // {stateID, t0} of the command awaiting its answer
    const movedAt = { 0: -1, 1: -1 };

    const end = (error, outcome) => {
      if (settled) return;
      settled = true;
      clearInterval(watchdog);
      for (const seat of SEATS) {
        if (connected[seat]) stats.connectedSeats--;
        connected[seat] = false;
        try {
          clients[seat].stop();
        } catch (_) {}
      }
      if (error) reject(error);
      else resolve({ outcome, moves });
    };
    const watchdog = setInterval(() => {
      const t = now();
      for (const seat of SEATS) {
        if (pending[seat] && t - pending[seat].t0 > COMMAND_TIMEOUT_MS) {
          end(new LaneError('timeout', `seat ${seat} of ${matchID} waited ${COMMAND_TIMEOUT_MS / 1000} s for its command's answer`));
        }
      }
      if (stopping && !pending[0] && !pending[1]) end(null, 'stopped');
    }, 250);

    const onState = (seat, state) => {
      if (settled || !state) return;
      const t = now();
      const waiting = pending[seat];
      if (waiting && state._stateID > waiting.stateID) {
        pending[seat] = null;
        moves++;
        stats.movesTotal++;
        if (inWindow(t)) {
          stats.movesInWindow++;
          stats.latencies.push(t - waiting.t0);
        }
      }
      if (state.ctx.gameover !== undefined) {
        if (!pending[0] && !pending[1]) end(null, 'over');
        return;
      }
      if (stopping) {
        if (!pending[0] && !pending[1]) end(null, 'stopped');
        return;
      }
      if (!pending[seat] && state.ctx.currentPlayer === seat && state._stateID > movedAt[seat]) {
        const hand = state.G.hands[seat];
        if (!hand || hand.length === 0) return;
        movedAt[seat] = state._stateID;
        pending[seat] = { stateID: state._stateID, t0: now() };
        clients[seat].moves.play(Math.floor(rngs[seat]() * hand.length));
      }
    };

    for (const seat of SEATS) {
      const client = Client({
        game: CardGame,
        numPlayers: 2,
        matchID,
        playerID: seat,
        credentials: credentials[seat],
        debug: false,
        multiplayer: SocketIO({
          server: BASE,
          socketOpts: { transports: ['websocket'], forceNew: true, reconnection: false, timeout: CONNECT_TIMEOUT_MS },
        }),
      });
      clients[seat] = client;
      client.subscribe((state) => onState(seat, state));
      client.start();
      const socket = client.transport.socket;
      socket.io.on('open', () => {
        // every websocket message as sent: engine.io's packet type (one character) and its data
        socket.io.engine.on('packet', (packet) => {
          const t = now();
          if (!inWindow(t)) return;
          stats.messagesInWindow++;
          stats.bytesInWindow += 1 + (typeof packet.data === 'string' ? Buffer.byteLength(packet.data) : packet.data ? packet.data.length : 0);
        });
      });
      socket.on('connect', () => {
        if (!connected[seat] && !settled) stats.connectedSeats++;
        connected[seat] = true;
      });
      socket.on('connect_error', (e) => end(new LaneError('handshake', `seat ${seat} of ${matchID}: ${e.message}`)));
      socket.on('disconnect', (reason) => {
        if (!settled && reason !== 'io client disconnect') end(new LaneError('disconnect', `seat ${seat} of ${matchID}: ${reason}`));
      });
    }
  });
}

async function lane(number, startDelayMs) {
  lanesRunning++;
  try {
    await playTables(number, startDelayMs);
  } finally {
    lanesRunning--;
  }
}

async function playTables(number, startDelayMs) {
  await sleep(startDelayMs);
  const backoff = seededRandom(`${SEED}:${number}:backoff`);
  let tablesPlayed = 0;
  let failures = 0;
  while (!stopping) {
    if (failures) await sleep(Math.min(8, 2 ** (failures - 1)) * 1000 * (0.75 + 0.5 * backoff()));
    if (stopping) break;
    let table;
    try {
      table = await setUpTable();
    } catch (e) {
      noteError(e.kind || 'driver_bug', e.message);
      failures++;
      continue;
    }
    stats.tablesCreated++;
    const rngs = Object.fromEntries(SEATS.map((seat) => [seat, seededRandom(`${SEED}:${number}:${tablesPlayed}:${seat}`)]));
    tablesPlayed++;
    try {
      const { outcome, moves } = await playTable(table, rngs);
      if (outcome === 'over') {
        if (inWindow(now())) stats.gamesCompleted++;
        stats.gameLengths.push(moves);
      }
      failures = 0;
    } catch (e) {
      noteError(e.kind || 'driver_bug', e.message);
      failures++;
    }
  }
}

// ---------- main ----------
async function waitForQuiet(limitS) {
  const started = now();
  let busy = 100;
  do {
    const a = machineTicks();
    await sleep(2000);
    busy = machineBusyPct(a, machineTicks()) / os.cpus().length;
  } while (busy >= 10 && now() - started < limitS * 1000);
  return { waited_s: r2((now() - started) / 1000), busy_pct_before_start: r2(busy) };
}

async function main() {
  const quiet = flags['wait-quiet'] ? await waitForQuiet(Number(flags['wait-quiet'])) : null;
  setTimeout(() => {
    console.error('hard time limit reached; stopping the server and exiting');
    stopServer();
    process.exit(3);
  }, HARD_LIMIT_MS).unref();
  const port = Number(flags.port || 0) || (await freePort());
  BASE = `http://${HOST}:${port}`;
  const calibBefore = calibrateMs();
  await startServer(port);
  const idleRss = rssMB(server.pid);

  const t0 = now();
  tStart = t0 + WARMUP * 1000;
  tEnd = tStart + SECONDS * 1000;
  const lanes = [];
  for (let i = 0; i < TABLES; i++) lanes.push(lane(i, (RAMP * 1000 * i) / TABLES));

  await sleep(Math.max(0, tStart - now()));
  const cpu0 = procCpuSeconds(server.pid);
  const machine0 = machineTicks();
  const driver0 = process.cpuUsage();
  const wall0 = now();
  let rssMax = 0;
  const seats = [];
  while (now() < tEnd) {
    await sleep(Math.min(500, Math.max(0, tEnd - now())));
    rssMax = Math.max(rssMax, rssMB(server.pid));
    seats.push(stats.connectedSeats);
  }
  const cpu1 = procCpuSeconds(server.pid);
  const machine1 = machineTicks();
  const driverCpuS = (() => {
    const d = process.cpuUsage(driver0);
    return (d.user + d.system) / 1e6;
  })();
  const wall = (now() - wall0) / 1000;
  const rssEnd = rssMB(server.pid);
  stopping = true;
  await Promise.race([Promise.all(lanes), sleep(DRAIN_MS)]);

  const serverCpuS = cpu1 - cpu0;
  const serverPct = (100 * serverCpuS) / wall;
  const driverPct = (100 * driverCpuS) / wall;
  const busy = machineBusyPct(machine0, machine1);
  const lat = Float64Array.from(stats.latencies).sort();
  const moves = stats.movesInWindow;
  const per = (amount, count, digits = 0) => (count ? Math.round((amount / count) * 10 ** digits) / 10 ** digits : null);
  const result = {
    target: 'boardgame.io',
    bgio_version: require('boardgame.io/package.json').version,
    socketio_version: require('socket.io/package.json').version,
    node: process.version,
    shape: 'saturating',
    tables: TABLES,
    seed: Number(SEED),
    server_cpus: SERVER_CPUS || null,
    seconds: SECONDS,
    warmup_s: r2(WARMUP),
    ramp_s: r2(RAMP),
    window_s: r2(wall),
    moves,
    moves_per_s: r2(moves / wall),
    latency_ms: {
      p50: percentile(lat, 50),
      p95: percentile(lat, 95),
      p99: percentile(lat, 99),
      max: r2(lat.length ? lat[lat.length - 1] : null),
      mean: r2(lat.length ? lat.reduce((a, b) => a + b, 0) / lat.length : null),
      n: lat.length,
    },
    games_completed: stats.gamesCompleted,
    games_per_s: r2(stats.gamesCompleted / wall),
    tables_created: stats.tablesCreated,
    moves_total: stats.movesTotal,
    moves_per_game: stats.gameLengths.length ? r2(stats.gameLengths.reduce((a, b) => a + b, 0) / stats.gameLengths.length) : null,
    bytes_per_move: per(stats.bytesInWindow / SEATS.length, moves),
    bytes_per_frame: per(stats.bytesInWindow, stats.messagesInWindow),
    frames_per_move: per(stats.messagesInWindow, moves, 2),
    server_cpu_pct: r2(serverPct),
    moves_per_server_cpu_s: r2(moves / Math.max(1e-9, serverCpuS)),
    driver_cpu_pct: r2(driverPct),
    system_cpu: { busy_pct_of_all_cpus: r2(busy / os.cpus().length), other_cpu_pct: r2(busy - serverPct - driverPct) },
    connected_seats: spread(seats),
    server_rss_mb: { idle: r2(idleRss), window_end: r2(rssEnd), window_max: r2(rssMax) },
    errors: stats.errors,
    first_errors: stats.firstErrors,
    lanes_still_running_after_drain: lanesRunning,
    server_stderr_lines: serverStderr ? serverStderr.trim().split('\n').length : 0,
    calib_ms: { before: calibBefore, after: calibrateMs() },
    quiet_wait: quiet,
    cpus: os.cpus().length,
    at: new Date().toISOString().slice(0, 19),
  };
  if (serverStderr) result.server_stderr_head = serverStderr.slice(0, 300);
  const line = JSON.stringify(result);
  console.log(line);
  if (flags.out) {
    fs.mkdirSync(path.dirname(path.resolve(flags.out)), { recursive: true });
    fs.appendFileSync(flags.out, line + '\n');
  }
  stopServer();
  setTimeout(() => process.exit(0), 200); // a socket still closing would keep the process alive
}

process.on('exit', stopServer);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));
main().catch((e) => {
  console.error(e);
  stopServer();
  process.exit(1);
});
