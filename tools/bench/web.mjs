// Part 5 of `npm run bench`, also runnable alone: `node tools/bench/web.mjs` (BENCH_QUICK=1: 3 loads, not 5).
//
// Starts a fresh stack and one API process (ROLE=all, serving the built web app from apps/web/dist), then in
// headless Chromium opens the landing page in a fresh browser context each time (empty cache, no cookies):
//   - first contentful paint: performance.getEntriesByType('paint') 'first-contentful-paint'.startTime,
//     milliseconds from navigation start; the median of the timed loads is reported;
//   - the JavaScript and CSS the page actually loaded: every .js/.css entry of the page's resource timing,
//     classed by whether its response ended by the load event (loadEventStart) or after it (after the
//     network has gone quiet, up to 5 s), with two sizes per file:
//       as sent = encodedBodySize, the body bytes as transferred: the web build writes brotli and gzip copies
//                 of every file over 1 KB and the API sends the one the browser accepts (brotli, for
//                 Chromium); Content-Encoding is recorded per file,
//       raw     = the decoded body, as the browser parses it,
//       gzip -9 = the decoded body gzipped by this script with zlib level 9 (the yardstick the target was set
//                 in, independent of how the server compresses);
//     the target (landing JavaScript < 150 KB gzip) is checked against the gzip -9 total of the JavaScript
//     that ended by the load event, and, more strictly, of all JavaScript the page loaded (socket client
//     included). KB = 1024 bytes.
// The socket.io client chunk (recognised by its content: 'EIO' and 'engine.io'/'socket.io') is reported apart,
// with when it was requested relative to the load event and to first contentful paint.
// Main-thread long tasks (> 50 ms) before FCP and the first API call are recorded to explain the FCP.
// One untimed load first warms the API process (JIT, file cache); its browser context is discarded.
//
// Then, a mid-range phone on a slow network (issue 30, "Speed on a phone"): each load in a fresh context
// (cold cache) of 412x915, with Chrome DevTools Protocol throttling: Emulation.setCPUThrottlingRate 4,
// Network.emulateNetworkConditions latency 150 ms, download 200,000 bytes/s (1.6 Mbps), upload 93,750 bytes/s
// (750 kbps). Three pages, the median of the timed loads (5; BENCH_QUICK=1: 3) each:
//   - the landing page: first contentful paint;
//   - the board (/FoodDonationApp) as a signed-in charity, with listings on it: milliseconds from navigation
//     start to the first card (article[data-food-id]) in the document with a size, at the next frame;
//   - the donor dashboard (/DonerDashboard) as a signed-in donor with listings: the same.
// Signing in puts the session where the app keeps it (apps/web/src/session/session.ts: localStorage's
// token, userId, userType, charityName) before the page's scripts run, after the accounts were made
// through the API. For each, the script also records the JS/CSS files and API calls that ended before the
// first card, and the longest chain of requests that each started after the previous one ended.
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { createStack, createUsers, listFood, percentile, report } from './lib/stack.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const LOADS = QUICK ? 3 : 5; // the issue asks for the median of 5; BENCH_QUICK=1 (smoke run) takes 3
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TARGET_JS_KB = 150;
const TARGET_FCP_MS = 1000;
// Issue 30's targets on the throttled phone.
const PHONE = { cpuRate: 4, latencyMs: 150, downloadBytesPerSecond: 200_000, uploadBytesPerSecond: 93_750 };
const TARGET_PHONE_LANDING_FCP_MS = 1200;
const TARGET_PHONE_FIRST_CARD_MS = 1500;
const CARD = 'article[data-food-id]';
const LISTINGS = 12;
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const round = (value, digits = 1) => (Number.isFinite(value) ? Math.round(value * 10 ** digits) / 10 ** digits : value);

/** Opens the landing page once in a fresh context; returns its paint, navigation and asset figures. */
async function loadOnce(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    // Main-thread tasks over 50 ms, to explain where the time before the first paint goes.
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const bodies = new Map();
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (!/\.(js|css)$/.test(path)) return;
      // Read the body now, while the response is alive; settled later.
      bodies.set(response.url(), {
        status: response.status(),
        contentEncoding: response.headers()['content-encoding'] ?? 'none',
        body: response.body().catch((error) => error),
      });
    });
    await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    await page.waitForFunction(() => performance.getEntriesByType('paint').some((e) => e.name === 'first-contentful-paint'), null, {
      timeout: 10_000,
    });
    // Late chunks (the socket client is imported after the first render): wait for the network to settle.
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
    const timing = await page.evaluate(() => {
      const paint = Object.fromEntries(performance.getEntriesByType('paint').map((e) => [e.name, e.startTime]));
      const [nav] = performance.getEntriesByType('navigation');
      return {
        fcp: paint['first-contentful-paint'],
        firstPaint: paint['first-paint'],
        ttfb: nav.responseStart,
        domContentLoaded: nav.domContentLoadedEventEnd,
        loadEvent: nav.loadEventStart,
        documentWire: nav.encodedBodySize,
        longTasks: window.__longTasks,
        resources: performance.getEntriesByType('resource').map((e) => ({
          name: e.name,
          initiatorType: e.initiatorType,
          startTime: e.startTime,
          responseEnd: e.responseEnd,
          transferSize: e.transferSize,
          encodedBodySize: e.encodedBodySize,
          decodedBodySize: e.decodedBodySize,
        })),
      };
    });
    const assets = [];
    for (const entry of timing.resources) {
      const path = new URL(entry.name).pathname;
      const kind = path.endsWith('.js') ? 'js' : path.endsWith('.css') ? 'css' : null;
      if (!kind) continue;
      const captured = bodies.get(entry.name);
      const body = captured ? await captured.body : null;
      if (!(body instanceof Buffer)) throw new Error(`no response body captured for ${entry.name}: ${body?.message ?? 'not seen'}`);
      const text = body.toString('latin1');
      assets.push({
        file: path,
        kind,
        status: captured.status,
        contentEncoding: captured.contentEncoding,
        startMs: entry.startTime,
        endMs: entry.responseEnd,
        // Ended by the load event or after it (in these runs the first paint comes after the load event).
        phase: entry.responseEnd <= timing.loadEvent ? 'by load' : 'after load',
        endedByFcp: entry.responseEnd <= timing.fcp,
        wireBytes: entry.encodedBodySize,
        rawBytes: body.length,
        gzip9Bytes: gzipSync(body, { level: 9 }).length,
        socketClient: text.includes('EIO') && /engine\.io|socket\.io/.test(text),
      });
    }
    const apiCalls = timing.resources
      .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
      .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd }));
    return { ...timing, resources: undefined, assets, apiCalls };
  } finally {
    await context.close();
  }
}

/**
 * One throttled load (issue 30's phone) in a fresh context. `session` is put in localStorage before the
 * page's scripts run; with `card`, waits for the first card and reports when it showed.
 */
async function phoneLoad(browser, url, { session, card = false }) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.latencyMs,
      downloadThroughput: PHONE.downloadBytesPerSecond,
      uploadThroughput: PHONE.uploadBytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuRate });
    await page.addInitScript(
      ({ session, selector }) => {
        if (session) for (const [key, value] of Object.entries(session)) localStorage.setItem(key, value);
        // The first card with a size, stamped at the frame after it appeared.
        const look = () => {
          if (window.__firstCard !== undefined) return true;
          const element = document.querySelector(selector);
          if (!element || element.getBoundingClientRect().height === 0) return false;
          window.__firstCard = null;
          requestAnimationFrame(() => (window.__firstCard = performance.now()));
          return true;
        };
        new MutationObserver((_, observer) => look() && observer.disconnect()).observe(document, { childList: true, subtree: true });
      },
      { session: session ?? null, selector: CARD },
    );
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    if (card) await page.waitForFunction(() => typeof window.__firstCard === 'number', null, { timeout: 60_000, polling: 50 });
    else await page.waitForFunction(() => performance.getEntriesByType('paint').some((e) => e.name === 'first-contentful-paint'), null, { timeout: 60_000 });
    return await page.evaluate(() => {
      const fcp = performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')?.startTime;
      const [nav] = performance.getEntriesByType('navigation');
      const at = window.__firstCard ?? fcp;
      const requests = [
        { name: 'document', start: nav.startTime, end: nav.responseEnd },
        ...performance
          .getEntriesByType('resource')
          .filter((e) => e.responseEnd <= at)
          .map((e) => ({ name: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd, wire: e.encodedBodySize })),
      ];
      // The longest chain of requests where each started after the one before it had ended: the round trips
      // the page waited for one after another.
      const sorted = [...requests].sort((a, b) => a.end - b.end);
      const depth = new Map();
      for (const request of sorted) {
        const before = sorted.filter((other) => other !== request && other.end <= request.start);
        depth.set(request, 1 + Math.max(0, ...before.map((other) => depth.get(other) ?? 0)));
      }
      return {
        fcp,
        firstCard: window.__firstCard ?? null,
        chain: Math.max(...depth.values()),
        scripts: requests.filter((r) => /\.js$/.test(r.name)).length,
        scriptWire: requests.filter((r) => /\.js$/.test(r.name)).reduce((total, r) => total + r.wire, 0),
        api: requests.filter((r) => r.name.startsWith('/api/')).map((r) => `${r.name} ${Math.round(r.start)}-${Math.round(r.end)}`),
      };
    });
  } finally {
    await context.close();
  }
}

/** The throttled phone's three measures: landing FCP, and the first card of the board and of the dashboard. */
async function phoneRun(browser, api, stack) {
  const [charity] = await createUsers(api.url, 'charity', 1);
  const [donor] = await createUsers(api.url, 'donor', 1);
  await listFood(api.url, donor, LISTINGS);
  const sessionOf = (user, type) => ({ token: user.token, userId: String(user.id), userType: type, charityName: `${type} bench` });
  const pages = [
    { name: 'landing', path: '/', options: {}, target: TARGET_PHONE_LANDING_FCP_MS, measure: 'fcp' },
    { name: 'board', path: '/FoodDonationApp', options: { session: sessionOf(charity, 'charity'), card: true }, target: TARGET_PHONE_FIRST_CARD_MS, measure: 'firstCard' },
    { name: 'donor dashboard', path: '/DonerDashboard', options: { session: sessionOf(donor, 'donor'), card: true }, target: TARGET_PHONE_FIRST_CARD_MS, measure: 'firstCard' },
  ];
  const results = [];
  for (const target of pages) {
    await phoneLoad(browser, `${api.url}${target.path}`, target.options); // warm-up, not counted
    const loads = [];
    for (let index = 0; index < LOADS; index++) {
      const load = await phoneLoad(browser, `${api.url}${target.path}`, target.options);
      loads.push(load);
      stack.log(
        `phone ${target.name} ${index + 1}/${LOADS}: ${target.measure} ${round(load[target.measure])} ms, FCP ${round(load.fcp)} ms, ` +
          `${load.scripts} scripts (${kb(load.scriptWire)} KB as sent), chain of ${load.chain} requests; API ${load.api.join(', ') || 'none'}`,
      );
    }
    results.push({ ...target, loads, median: percentile(loads.map((l) => l[target.measure]), 50) });
  }
  return results;
}

function sum(assets, field) {
  return assets.reduce((total, asset) => total + asset[field], 0);
}

export async function run() {
  const { chromium } = await import('playwright-core');
  const stack = await createStack();
  let browser;
  try {
    const api = await stack.startApi({ role: 'all' });
    const url = `${api.url}/`;
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    stack.log(`Chromium ${browser.version()}; warm-up load (not counted)`);
    await loadOnce(browser, url);
    const loads = [];
    for (let index = 0; index < LOADS; index++) {
      const load = await loadOnce(browser, url);
      loads.push(load);
      stack.log(
        `load ${index + 1}/${LOADS}: FCP ${round(load.fcp)} ms, load event ${round(load.loadEvent)} ms, ` +
          `${load.assets.length} JS/CSS files`,
      );
    }

    stack.log(`phone: ${PHONE.cpuRate}x CPU slowdown, ${PHONE.latencyMs} ms latency, ${PHONE.downloadBytesPerSecond} B/s down, ${PHONE.uploadBytesPerSecond} B/s up`);
    const phone = await phoneRun(browser, api, stack);

    // Per load: what ended by the load event, and everything seen by network idle (the socket client too).
    const perLoad = loads.map((load, index) => {
      const byLoad = load.assets.filter((a) => a.phase !== 'after load');
      const socket = load.assets.filter((a) => a.socketClient);
      return {
        load: index + 1,
        fcpMs: round(load.fcp),
        loadEventMs: round(load.loadEvent),
        longTasksBeforeFcpMs: round(load.longTasks.filter((t) => t.start < load.fcp).reduce((total, t) => total + t.duration, 0)),
        firstApiCallMs: load.apiCalls.length ? round(Math.min(...load.apiCalls.map((c) => c.start))) : 'none',
        jsByLoadGzip9Kb: kb(sum(byLoad.filter((a) => a.kind === 'js'), 'gzip9Bytes')),
        jsByLoadWireKb: kb(sum(byLoad.filter((a) => a.kind === 'js'), 'wireBytes')),
        cssByLoadGzip9Kb: kb(sum(byLoad.filter((a) => a.kind === 'css'), 'gzip9Bytes')),
        cssByLoadWireKb: kb(sum(byLoad.filter((a) => a.kind === 'css'), 'wireBytes')),
        jsAllGzip9Kb: kb(sum(load.assets.filter((a) => a.kind === 'js'), 'gzip9Bytes')),
        jsAllWireKb: kb(sum(load.assets.filter((a) => a.kind === 'js'), 'wireBytes')),
        jsAllRawKb: kb(sum(load.assets.filter((a) => a.kind === 'js'), 'rawBytes')),
        socketRequestedMs: socket.map((a) => round(a.startMs)).join(',') || 'not loaded',
        socketEndedMs: socket.map((a) => round(a.endMs)).join(','),
        socketPhase: socket.map((a) => a.phase).join(','),
      };
    });
    console.log('\nEach timed load (ms from navigation start; sizes in KB of 1024 bytes)');
    console.table(perLoad);
    const files = loads[0].assets.map((a) => ({
      file: a.file,
      phase: a.phase,
      endedByFcp: a.endedByFcp,
      socketClient: a.socketClient,
      startMs: round(a.startMs),
      endMs: round(a.endMs),
      contentEncoding: a.contentEncoding,
      wireKb: kb(a.wireBytes),
      rawKb: kb(a.rawBytes),
      gzip9Kb: kb(a.gzip9Bytes),
    }));
    console.log('\nJS and CSS files of the first timed load (phase = when the response ended)');
    console.table(files);

    const fcps = loads.map((l) => l.fcp);
    const fcpMedian = percentile(fcps, 50);
    const range = (field) => {
      const values = perLoad.map((row) => row[field]);
      const [low, high] = [Math.min(...values), Math.max(...values)];
      return { low, high, text: low === high ? `${low}` : `${low} to ${high}` };
    };
    const jsByLoad = range('jsByLoadGzip9Kb');
    const jsAll = range('jsAllGzip9Kb');
    const socketFiles = loads.flatMap((l) => l.assets.filter((a) => a.socketClient).map((a) => ({ ...a, fcp: l.fcp, loadEvent: l.loadEvent })));
    const rows = [
      { metric: `FCP, median of ${LOADS} loads, ms`, value: round(fcpMedian), target: `< ${TARGET_FCP_MS}`, met: fcpMedian < TARGET_FCP_MS },
      { metric: 'FCP of each load, ms', value: fcps.map((v) => round(v)).join(' / '), target: '', met: '' },
      { metric: 'landing JS ended by load event, gzip -9 KB', value: jsByLoad.text, target: `< ${TARGET_JS_KB}`, met: jsByLoad.high < TARGET_JS_KB },
      { metric: 'landing JS ended by load event, as sent KB', value: range('jsByLoadWireKb').text, target: '', met: '' },
      { metric: 'landing CSS ended by load event, gzip -9 KB', value: range('cssByLoadGzip9Kb').text, target: '', met: '' },
      { metric: 'landing CSS ended by load event, as sent KB', value: range('cssByLoadWireKb').text, target: '', met: '' },
      { metric: 'all JS the landing page loaded (incl. socket client), gzip -9 KB', value: jsAll.text, target: `< ${TARGET_JS_KB}`, met: jsAll.high < TARGET_JS_KB },
      { metric: 'all JS the landing page loaded, as sent KB (raw KB)', value: `${range('jsAllWireKb').text} (${range('jsAllRawKb').text})`, target: '', met: '' },
      {
        metric: 'socket client chunk, gzip -9 KB',
        value: socketFiles.length ? kb(socketFiles[0].gzip9Bytes) : 'not loaded',
        target: '',
        met: '',
      },
      {
        metric: 'socket client requested after load event / after FCP (loads)',
        value: `${socketFiles.filter((a) => a.startMs >= a.loadEvent).length} / ${socketFiles.filter((a) => a.startMs >= a.fcp).length} of ${socketFiles.length}`,
        target: '',
        met: '',
      },
      ...phone.flatMap((result) => [
        {
          metric: `phone: ${result.name} ${result.measure === 'fcp' ? 'FCP' : 'first card'}, median of ${LOADS} loads, ms`,
          value: round(result.median),
          target: `≤ ${result.target}`,
          met: result.median <= result.target,
        },
        {
          metric: `phone: ${result.name}, each load ms (scripts before it; longest request chain)`,
          value: result.loads.map((l) => `${round(l[result.measure], 0)} (${l.scripts}; ${l.chain})`).join(' / '),
          target: '',
          met: '',
        },
      ]),
      { metric: 'Content-Encoding of JS/CSS responses', value: [...new Set(loads.flatMap((l) => l.assets.map((a) => a.contentEncoding)))].join(', '), target: '', met: '' },
    ];
    report('web', rows, {
      method:
        `${LOADS} timed loads, each in a fresh Chromium context (cold cache), 1280x800, loopback, API ROLE=all serving apps/web/dist; one untimed warm-up load. ` +
        'FCP from the paint timeline. Sizes: resource-timing encodedBodySize (wire) and zlib level-9 gzip of the received body (gzip9), ' +
        'for .js/.css whose response ended by the load event. KB = 1024 bytes.',
      chromium: browser.version(),
      quick: QUICK,
      loads: loads.map((l) => ({
        fcp: l.fcp,
        firstPaint: l.firstPaint,
        ttfb: l.ttfb,
        domContentLoaded: l.domContentLoaded,
        loadEvent: l.loadEvent,
        documentWireBytes: l.documentWire,
        longTasks: l.longTasks,
        apiCalls: l.apiCalls,
      })),
      perLoad,
      files,
      phone: { throttling: PHONE, pages: phone.map(({ name, path, measure, target, median, loads }) => ({ name, path, measure, target, median, loads })) },
    });
    return rows;
  } finally {
    await browser?.close().catch(() => {});
    await stack.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
