// The data-layer dashboard: polls the actuator's metrics (and /actuator/scylla when exposed) and
// draws the panels the Grafana dashboard has. Meter names live in METERS only.
"use strict";

const POLL_MS = 1000;
const HISTORY = 120; // points kept per chart
const METERS = {
  requests: "scylla.requests",
  errors: "scylla.errors",
  retries: "scylla.retries",
  bytesSent: "scylla.data.sent",
  bytesReceived: "scylla.data.received",
  inFlight: "scylla.nodes.requests.active",
  cacheGets: "cache.gets",
};
const CACHE_TAG = "cache:scylla.prepared.statements";

async function metric(name, ...tags) {
  const query = tags.map((t) => "tag=" + encodeURIComponent(t)).join("&");
  const response = await fetch("/actuator/metrics/" + name + (query ? "?" + query : ""));
  if (!response.ok) return null; // the meter does not exist (yet): no request of that kind so far
  return response.json();
}

function statistic(body, name) {
  if (!body) return 0;
  const found = body.measurements.find((m) => m.statistic === name);
  return found ? found.value : 0;
}

function tagValues(body, tag) {
  const found = body && body.availableTags.find((t) => t.tag === tag);
  return found ? found.values.slice().sort() : [];
}

// Cumulative readings turned into per-second rates between two polls.
const previous = new Map();
function rate(key, cumulative, now) {
  const last = previous.get(key);
  previous.set(key, { value: cumulative, at: now });
  if (!last || now <= last.at) return 0;
  return Math.max(0, (cumulative - last.value) / ((now - last.at) / 1000));
}

// Each panel reads its series; the first series' latest value is the panel's headline.
const PANELS = [
  {
    id: "requests", title: "Requests", unit: "req/s",
    async read(now) {
      const ok = await metric(METERS.requests, "outcome:success");
      const failed = await metric(METERS.requests, "outcome:error");
      return {
        success: rate("ok", statistic(ok, "COUNT"), now),
        error: rate("failed", statistic(failed, "COUNT"), now),
      };
    },
  },
  {
    id: "latency", title: "Latency (mean, max)", unit: "ms",
    async read(now) {
      const all = await metric(METERS.requests);
      const count = rate("latency.count", statistic(all, "COUNT"), now);
      const total = rate("latency.total", statistic(all, "TOTAL_TIME"), now);
      return { mean: count > 0 ? (total / count) * 1000 : 0, max: statistic(all, "MAX") * 1000 };
    },
  },
  {
    id: "bytes", title: "Bytes in / out", unit: "B/s",
    async read(now) {
      return {
        in: rate("in", statistic(await metric(METERS.bytesReceived), "COUNT"), now),
        out: rate("out", statistic(await metric(METERS.bytesSent), "COUNT"), now),
      };
    },
  },
  {
    id: "inflight", title: "In flight per node", unit: "requests",
    async read() {
      const all = await metric(METERS.inFlight);
      const values = {};
      for (const node of tagValues(all, "node")) {
        values[node] = statistic(await metric(METERS.inFlight, "node:" + node), "VALUE");
      }
      return Object.keys(values).length ? values : { none: 0 };
    },
  },
  {
    id: "errors", title: "Errors and retries", unit: "/s",
    async read(now) {
      const values = { retries: rate("retries", statistic(await metric(METERS.retries), "COUNT"), now) };
      const errors = await metric(METERS.errors);
      for (const kind of tagValues(errors, "error.type")) {
        const body = await metric(METERS.errors, "error.type:" + kind);
        values[kind] = rate("error." + kind, statistic(body, "COUNT"), now);
      }
      return values;
    },
  },
  {
    id: "cache", title: "Statement cache hit ratio", unit: "%",
    async read() {
      const hits = statistic(await metric(METERS.cacheGets, CACHE_TAG, "result:hit"), "COUNT");
      const misses = statistic(await metric(METERS.cacheGets, CACHE_TAG, "result:miss"), "COUNT");
      return { hits: hits + misses > 0 ? (100 * hits) / (hits + misses) : 0 };
    },
  },
];

function panelElement(panel) {
  const element = document.createElement("div");
  element.className = "panel";
  element.innerHTML =
    `<h3>${panel.title}</h3><span class="value" data-panel="${panel.id}">0</span>` +
    `<span class="unit">${panel.unit}</span><div class="chart"></div>`;
  document.getElementById("panels").appendChild(element);
  return element;
}

function draw(panel, element, times, values) {
  const names = Object.keys(values);
  if (!panel.chart || panel.names.join() !== names.join()) {
    panel.names = names;
    panel.series = names.map(() => []);
    panel.times = [];
    element.querySelector(".chart").innerHTML = "";
    panel.chart = new uPlot(
      {
        width: 360,
        height: 160,
        axes: [{}, { size: 64 }], // room for labels such as 12,000
        series: [{}, ...names.map((n, i) => ({ label: n, stroke: COLORS[i % COLORS.length] }))],
      },
      [[], ...names.map(() => [])],
      element.querySelector(".chart"));
  }
  panel.times.push(times);
  names.forEach((n, i) => panel.series[i].push(values[n]));
  if (panel.times.length > HISTORY) {
    panel.times.shift();
    panel.series.forEach((s) => s.shift());
  }
  panel.chart.setData([panel.times, ...panel.series]);
  const headline = values[names[0]];
  const value = element.querySelector(".value");
  value.textContent = headline >= 100 ? headline.toFixed(0) : headline.toFixed(2);
  value.dataset.value = String(headline);
}
const COLORS = ["#2a7ab0", "#c0392b", "#27ae60", "#8e44ad", "#d35400", "#16a085"];

async function showCluster() {
  const response = await fetch("/actuator/scylla");
  if (!response.ok) return;
  const cluster = await response.json();
  const rows = (cluster.nodes || []).map((n) =>
    `<tr data-node="${n.address}"><td>${n.address}</td><td>${n.datacenter ?? ""}</td><td>${n.rack ?? ""}</td>` +
    `<td>${n.state ?? ""}</td><td>${n.shardCount ?? ""}</td><td>${n.openConnections ?? ""}</td>` +
    `<td>${n.inFlight ?? ""}</td></tr>`);
  document.querySelector("#nodes tbody").innerHTML = rows.join("");
  document.getElementById("session").textContent =
    `protocol ${cluster.protocolVersion ?? "?"}, compression ${cluster.compression ?? "none"}`;
}

async function poll() {
  const now = Date.now();
  try {
    for (const panel of PANELS) {
      draw(panel, panel.element, now / 1000, await panel.read(now));
    }
    await showCluster();
    document.getElementById("status").textContent = "updated " + new Date(now).toLocaleTimeString();
  } catch (e) {
    document.getElementById("status").textContent = "error: " + e;
  }
  setTimeout(poll, POLL_MS);
}

for (const panel of PANELS) panel.element = panelElement(panel);
poll();
