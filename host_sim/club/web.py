"""The live standings page of the club host (stdlib http.server; read-only: GET only).

- ``/``: the page (big type for a projector, one column on a phone); it listens to
  ``/events`` and redraws at each change;
- ``/events``: server-sent events; one ``data:`` line (the JSON of ``/standings.json``)
  at connection and after every booked deal or status change;
- ``/standings.json``: ``{"version": n, "lists": {name: {"columns": [...],
  "rows": [[...]]}}}``;
- ``/csv/NAME.csv``: one list as CSV (cells through host_sim.console.csv_cell).
"""

import csv
import io
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from host_sim.console import csv_cell

KEEPALIVE_S = 10
TITLES = (("tables", "Tables"), ("skat", "Skat (Seeger-Fabian)"), ("tarot", "Tarot"),
          ("magistr", "Magistr ratings"), ("zhopa", "Zhopa results"),
          ("tarot-rounds", "Tarot rounds"), ("skipped", "Lists not ranked"))

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>trickref club standings</title>
<style>
body { font-family: sans-serif; margin: 0.5em; background: #fff; color: #000; }
h1 { font-size: 1.6em; margin: 0.2em 0; }
h2 { font-size: 1.3em; margin: 0.8em 0 0.2em; }
table { border-collapse: collapse; font-size: 1.2em; }
td, th { border-bottom: 1px solid #999; padding: 0.15em 0.6em; text-align: right; }
td:nth-child(2), th:nth-child(2) { text-align: left; }
.offline { color: #b00; font-weight: bold; }
#lists { display: flex; flex-wrap: wrap; gap: 0 2em; }
@media (min-width: 1200px) { body { font-size: 1.3em; } }
#state { color: #555; }
</style></head>
<body><h1>Standings <span id="state">connecting</span></h1>
<div id="lists"></div>
<script>
const TITLES = %s;
const drawn = [];  // when each version reached the screen (latency measurements)
function cell(t, v, cls) { const e = document.createElement(t); e.textContent = v === null ? "" : v;
  if (cls) e.className = cls; return e; }
function draw(data) {
  const root = document.getElementById("lists");
  root.replaceChildren();
  for (const [name, title] of TITLES) {
    const l = data.lists[name];
    if (!l || (!l.rows.length && name !== "tables")) continue;
    const sec = document.createElement("section"); sec.id = "list-" + name;
    const h = cell("h2", title + " "); const a = document.createElement("a");
    a.href = "/csv/" + name + ".csv"; a.textContent = "CSV"; h.appendChild(a); sec.appendChild(h);
    const tab = document.createElement("table"); const hr = document.createElement("tr");
    for (const c of l.columns) hr.appendChild(cell("th", c)); tab.appendChild(hr);
    for (const r of l.rows) { const tr = document.createElement("tr");
      for (const v of r) tr.appendChild(cell("td", v, v === "offline" ? "offline" : ""));
      tab.appendChild(tr); }
    sec.appendChild(tab); root.appendChild(sec);
  }
  document.getElementById("state").textContent = "(update " + data.version + ")";
  document.body.dataset.version = data.version;
  drawn.push({version: data.version, at: Date.now()});
}
const es = new EventSource("/events");
es.onmessage = (e) => draw(JSON.parse(e.data));
es.onerror = () => { document.getElementById("state").textContent = "(reconnecting)"; };
</script></body></html>
"""


def snapshot(changes):
    """``(version, JSON text of /standings.json)`` for the current version."""
    v, lists = changes.lists()
    return v, json.dumps({"version": v, "lists": {k: {"columns": c, "rows": r}
                                                 for k, (c, r) in lists.items()}})


def csv_text(columns, rows):
    """One list as CSV text."""
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow([csv_cell(c) for c in columns])
    for r in rows:
        w.writerow([csv_cell(c) for c in r])
    return out.getvalue()


class _Handler(BaseHTTPRequestHandler):
    changes = None  # set on the server's subclass
    stopping = None

    def log_message(self, fmt, *args):
        pass  # the page is polled by phones: no line per request

    def _send(self, status, ctype, body):
        body = body.encode() if isinstance(body, str) else body
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        path = self.path.split("?")[0]
        if path == "/":
            return self._send(200, "text/html; charset=utf-8", PAGE % json.dumps(TITLES))
        if path == "/standings.json":
            return self._send(200, "application/json", snapshot(self.changes)[1])
        if path == "/events":
            return self._stream()
        if path.startswith("/csv/") and path.endswith(".csv"):
            lists = self.changes.lists()[1]
            name = path[5:-4]
            if name in lists:
                return self._send(200, "text/csv; charset=utf-8", csv_text(*lists[name]))
        return self._send(404, "text/plain", "no such page: %s\n" % path)

    def _refuse(self):
        self.send_response(405)
        self.send_header("Allow", "GET")
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_POST = do_PUT = do_DELETE = do_PATCH = _refuse

    def _stream(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        version = None
        try:
            while not self.stopping.is_set():
                if version != self.changes.version:
                    version, data = snapshot(self.changes)
                    self.wfile.write(b"data: " + data.encode() + b"\n\n")
                else:
                    self.wfile.write(b": keepalive\n\n")
                self.wfile.flush()
                self.changes.wait(version, KEEPALIVE_S)
        except (BrokenPipeError, ConnectionResetError):
            pass


class StandingsServer:
    """The page on ``host``:``port`` (0: a free port; ``url`` says which) in a thread."""

    def __init__(self, changes, host="127.0.0.1", port=0):
        stopping = threading.Event()
        handler = type("Handler", (_Handler,), {"changes": changes, "stopping": stopping})
        self._stopping = stopping
        self.httpd = ThreadingHTTPServer((host, port), handler)
        self.httpd.daemon_threads = True
        self.url = "http://%s:%d/" % (host, self.httpd.server_address[1])
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True,
                                        name="standings-page")

    def start(self):
        """Serve in a thread; returns self."""
        self._thread.start()
        return self

    def stop(self):
        """Stop serving, close the socket (open event streams end with it)."""
        self._stopping.set()
        self.httpd.shutdown()
        self.httpd.server_close()
        self._thread.join(5)
