"use strict";
// The counter's page: the juices as buttons, the stock with a stepper and a
// number field per fruit, live from the store's event stream. Every text in
// English and Korean. A change is sent once per tap, with an idempotency key
// that a retry repeats; while the server is away every control is disabled.
// `$`, `say`, `initialLanguage`, `switchLanguage` and `element` are page.js's.

// The page's words by language, written here by the server from the word
// tables (Sources/JuiceWords/Resources, `counterPage.` keys).
const TEXT = /* words */ {};

// What a number in the stock screen means, for each reason: the button's
// text, the help above the list, and the change it makes.
const AMOUNTS = {
  delivery: { button: "addAmount", help: "helpDelivery", change: (fruit, n) => `${fruit}=+${n}` },
  waste: { button: "removeAmount", help: "helpWaste", change: (fruit, n) => `${fruit}=-${n}` },
  count: { button: "setAmount", help: "helpCount", change: (fruit, n) => `${fruit}=${n}` },
  correction: { button: "setAmount", help: "helpCorrection", change: (fruit, n) => `${fruit}=${n}` },
};

// How long a change is retried, with the same key, while the server is away.
const RETRY_MILLISECONDS = 1000;
const RETRIES = 10;

const state = {
  store: null, language: "en", menu: null, report: null, events: null,
  // The server cannot be reached (the event stream or a request failed).
  away: false,
  // The failure JSON of the store's files, while they cannot be read.
  failure: null,
  // A change is on its way: every other tap waits for it.
  busy: false,
  // The last change made here: its journal entry and how to name it.
  lastChange: null,
  // The store's open orders (`GET orders`), and the one whose fields are shown.
  orders: [], shownOrder: null,
};
// The server serves a copy of the stores (the head office's): nothing here
// changes the stock.
const READ_ONLY = document.documentElement.hasAttribute("data-read-only");
const sleep = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));

function api(path) {
  return `/api/stores/${encodeURIComponent(state.store)}/${path}?lang=${state.language}`;
}

// A GET: the status and JSON, or status 0 when the server cannot be reached;
// null when the page's language changed while it was on its way (its names
// are the other language's: the load the switch started brings the new ones).
async function getJSON(path) {
  const language = state.language;
  let answer;
  try {
    const response = await fetch(api(path));
    setAway(false);
    answer = { status: response.status, json: await response.json().catch(() => ({})) };
  } catch {
    setAway(true);
    answer = { status: 0, json: {} };
  }
  return language === state.language ? answer : null;
}

// A key for one tap: 32 hexadecimal digits (crypto.randomUUID needs a secure
// context, which a tablet on the shop's network is not).
function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// A change: POST with an idempotency key, repeated with the same key while
// the answer is lost, so that one tap makes one change; with the token when
// the server asks for one. Status 0 when the server stayed away.
async function post(path, body) {
  const key = newKey();
  for (let attempt = 0; ; attempt += 1) {
    const headers = { "Content-Type": "application/json", "Idempotency-Key": key };
    const token = sessionStorage.getItem("juice-token");
    if (token) headers.Authorization = `Bearer ${token}`;
    let response;
    try {
      response = await fetch(api(path), { method: "POST", headers, body: JSON.stringify(body) });
    } catch {
      setAway(true);
      if (attempt >= RETRIES) return { status: 0, json: { message: say("away") } };
      await sleep(RETRY_MILLISECONDS);
      continue;
    }
    // An answer: the server is back (the event stream may be quiet).
    setAway(false);
    if (response.status === 401) {
      const given = window.prompt(say("tokenPrompt"));
      if (given) {
        sessionStorage.setItem("juice-token", given);
        continue;
      }
    }
    return { status: response.status, json: await response.json().catch(() => ({})) };
  }
}

// Runs one change at a time: a tap while another is on its way is dropped,
// and every control is disabled until the answer.
async function exclusively(work) {
  if (state.busy) return;
  state.busy = true;
  render();
  try {
    await work();
  } finally {
    state.busy = false;
    render();
  }
}

function fruitName(id) {
  return state.menu?.fruits.find((fruit) => fruit.id === id)?.name ?? id;
}

function recipeName(id) {
  return state.report?.recipes.find((recipe) => recipe.id === id)?.name ?? id;
}

// Whether changes are off: the server a read-only copy, the server away, the files unreadable, the
// stock shown stale (the inventory file invalid), nothing shown yet, or a change on its way.
function changesOff() {
  return READ_ONLY || state.away || state.failure !== null || !state.menu || !state.report ||
    state.report.stale === true || state.busy;
}

function render() {
  document.documentElement.lang = state.language;
  document.title = say("title");
  for (const node of document.querySelectorAll("[data-text]")) node.textContent = say(node.dataset.text);
  $("language").textContent = say("otherLanguage");
  $("language").lang = state.language === "en" ? "ko" : "en";
  $("reason-help").textContent = say(AMOUNTS[$("reason").value].help);
  renderBanner();
  renderUndo();
  $("status").textContent = state.away ? say("reconnecting") : state.failure ? "" : state.report ? say("live") : "";
  $("read-only").hidden = !READ_ONLY;
  if (!state.menu || !state.report) return;
  const stock = state.report.inventory;
  const off = changesOff();

  $("fruit-stock").replaceChildren(...state.menu.fruits.map((fruit) =>
    element("li", { dataset: { fruit: fruit.id } }, [
      element("span", { textContent: fruit.name }),
      element("span", { className: "count", textContent: String(stock[fruit.id] ?? 0) }),
    ])));

  $("juices").replaceChildren(...state.report.recipes.map((recipe) => {
    const uses = Object.entries(recipe.uses).map(([fruit, count]) => say("uses", { fruit: fruitName(fruit), count }));
    const button = element("button", { type: "button", className: recipe.servings > 0 ? "" : "short", disabled: off }, [
      element("span", { className: "name", textContent: recipe.name }),
      element("span", { className: "uses", textContent: uses.join(" · ") }),
      element("span", { className: "servings", textContent: say("servings", { count: recipe.servings }) }),
    ]);
    button.dataset.recipe = recipe.id;
    button.setAttribute("aria-label", `${say("make", { name: recipe.name })}, ${say("servings", { count: recipe.servings })}`);
    button.addEventListener("click", () => make(recipe));
    return button;
  }));

  renderStock(stock, off);
  const expired = Object.values(state.report.expired ?? {}).reduce((sum, count) => sum + count, 0);
  $("waste-expired").hidden = expired === 0;
  $("waste-expired").textContent = say("wasteExpired", { count: expired });
  $("waste-expired").disabled = off;
  renderOrders(off);
  renderCount(stock, off);
}

// The delivery of an open order: on the stock screen, for the reason
// Delivery, a choice of the open orders and a field per fruit of the one
// chosen, filled with its units; received once (the server refuses a
// second receive).
function renderOrders(off) {
  const shown = $("reason").value === "delivery" && state.orders.length > 0 && !READ_ONLY;
  $("order-form").hidden = !shown;
  if (!shown) return;
  const select = $("open-order");
  const chosen = Number(select.value) || state.orders[0].order;
  select.replaceChildren(...state.orders.map((order) => element("option", {
    value: String(order.order),
    textContent: say("orderOption", {
      order: order.order,
      lines: order.lines.map((line) => `${fruitName(line.fruit)} ${line.units}`).join(", "),
    }),
  })));
  const order = state.orders.find((candidate) => candidate.order === chosen) ?? state.orders[0];
  select.value = String(order.order);
  select.disabled = off;
  if (state.shownOrder !== order.order) {
    state.shownOrder = order.order;
    const units = new Map();
    for (const line of order.lines) units.set(line.fruit, (units.get(line.fruit) ?? 0) + line.units);
    $("order-fields").replaceChildren(...[...units].map(([fruit, count]) =>
      element("li", { dataset: { fruit } }, [
        element("span", { className: "name", textContent: fruitName(fruit) }),
        element("input", { type: "number", min: "0", step: "1", inputMode: "numeric", value: String(count) }),
      ])));
  }
  for (const row of $("order-fields").children) {
    row.querySelector(".name").textContent = fruitName(row.dataset.fruit);
    const field = row.querySelector("input");
    field.setAttribute("aria-label", say("arrivedOf", { fruit: fruitName(row.dataset.fruit) }));
    field.disabled = off;
  }
  $("receive-order").disabled = off;
}

async function loadOrders() {
  if (READ_ONLY) return;
  const answer = await getJSON("orders");
  if (answer?.status !== 200) return;
  const { json } = answer;
  state.orders = json.orders;
  if (!state.orders.some((order) => order.order === state.shownOrder)) state.shownOrder = null;
  render();
}

// Receives the order chosen: what each field says arrived.
function receiveOrder() {
  const order = Number($("open-order").value);
  const arrived = [];
  for (const row of $("order-fields").children) {
    const text = row.querySelector("input").value.trim();
    const amount = Number(text);
    if (text === "" || !Number.isInteger(amount) || amount < 0) {
      showAlert(say("notAnAmount"));
      return;
    }
    arrived.push(`${row.dataset.fruit}=${amount}`);
  }
  return exclusively(async () => {
    const { status, json } = await post("receive", { order, arrived });
    if (status === 200) {
      changed(json, () => say("orderReceived", { order }));
      state.shownOrder = null;
      await refresh();
      await loadOrders();
      const short = Object.keys(json.short ?? {}).length > 0;
      if (short) showAlert(say("orderShort", { order }), json.short);
      else $("status").textContent = say("orderReceived", { order });
    } else {
      await loadOrders();
      showAlert(say("failed", { message: json.message ?? json.error }));
    }
  });
}

// The count screen: a number field per fruit, blind: the book's number is
// not shown, so that each fruit is counted rather than confirmed (left
// empty, a fruit is not counted). Rows are kept from one render to the
// next, so that numbers being typed survive a change made elsewhere.
function renderCount(stock, off) {
  const list = $("count-fields");
  const rows = new Map([...list.children].map((row) => [row.dataset.fruit, row]));
  list.replaceChildren(...state.menu.fruits.map((fruit) => {
    const row = rows.get(fruit.id) ?? element("li", { dataset: { fruit: fruit.id } }, [
      element("span", { className: "name" }),
      element("input", { type: "number", min: "0", step: "1", inputMode: "numeric" }),
    ]);
    row.querySelector(".name").textContent = fruit.name;
    const field = row.querySelector("input");
    field.setAttribute("aria-label", say("countOf", { fruit: fruit.name }));
    field.disabled = off;
    return row;
  }));
  $("save-count").disabled = off;
}

// Saves the count screen as one `count` entry: every fruit with a number
// typed; the page says which were left empty, and so not counted.
function saveCount() {
  const counts = [];
  const uncounted = [];
  for (const row of $("count-fields").children) {
    const text = row.querySelector("input").value.trim();
    if (text === "") {
      uncounted.push(fruitName(row.dataset.fruit));
      continue;
    }
    const amount = Number(text);
    if (!Number.isInteger(amount) || amount < 0) {
      showAlert(say("notAnAmount"));
      return;
    }
    counts.push(`${row.dataset.fruit}=${amount}`);
  }
  if (counts.length === 0) {
    showAlert(say("nothingCounted"));
    return;
  }
  return exclusively(async () => {
    const { status, json } = await post("count", { counts });
    if (status === 200) {
      changed(json, () => say("countChange"));
      for (const field of $("count-fields").querySelectorAll("input")) field.value = "";
      await refresh();
      if (uncounted.length > 0) showAlert(say("countSaved", { fruits: uncounted.join(", ") }));
    } else {
      showAlert(say("failed", { message: json.message ?? json.error }));
    }
  });
}

// The stock screen's rows, kept from one render to the next so that a number
// being typed survives a change made elsewhere.
function renderStock(stock, off) {
  const list = $("steppers");
  const rows = new Map([...list.children].map((row) => [row.dataset.fruit, row]));
  const reason = $("reason").value;
  list.replaceChildren(...state.menu.fruits.map((fruit) => {
    const row = rows.get(fruit.id) ?? stockRow(fruit.id);
    const count = stock[fruit.id] ?? 0;
    row.querySelector(".name").textContent = fruit.name;
    // A stock kept in dated lots: what expired (kept in the count, makes
    // nothing) and what is best before today or tomorrow.
    const expired = state.report.expired?.[fruit.id] ?? 0;
    const expiring = state.report.expiring?.[fruit.id] ?? 0;
    const fresh = row.querySelector(".fresh");
    fresh.textContent = [
      expired > 0 ? say("expiredCount", { count: expired }) : "",
      expiring > 0 ? say("expiringCount", { count: expiring }) : "",
    ].filter(Boolean).join(" · ");
    fresh.hidden = fresh.textContent === "";
    const shown = row.querySelector(".count");
    shown.textContent = String(count);
    shown.setAttribute("aria-label", say("stockOf", { fruit: fruit.name, count }));
    const [less, more] = row.querySelectorAll(".stepper button");
    less.setAttribute("aria-label", say("less", { fruit: fruit.name }));
    more.setAttribute("aria-label", say("more", { fruit: fruit.name }));
    // A count is a number, never a step.
    less.disabled = off || count <= 0 || reason === "count";
    more.disabled = off || reason === "count";
    const field = row.querySelector("input");
    field.setAttribute("aria-label", say("amountOf", { fruit: fruit.name }));
    field.disabled = off;
    const book = row.querySelector(".amount button");
    book.textContent = say(AMOUNTS[reason].button);
    book.disabled = off;
    return row;
  }));
}

function stockRow(fruit) {
  const less = element("button", { type: "button", textContent: "−" });
  less.addEventListener("click", () => adjust(fruit, `${fruit}=-1`));
  const more = element("button", { type: "button", textContent: "+" });
  more.addEventListener("click", () => adjust(fruit, `${fruit}=+1`));
  const field = element("input", { type: "number", min: "0", step: "1", inputMode: "numeric", required: true });
  const form = element("form", { className: "amount" }, [field, element("button", { type: "submit" })]);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const amount = Number(field.value);
    if (field.value.trim() === "" || !Number.isInteger(amount) || amount < 0) {
      showAlert(say("notAnAmount"));
      return;
    }
    adjust(fruit, AMOUNTS[$("reason").value].change(fruit, amount), () => { field.value = ""; });
  });
  return element("li", { dataset: { fruit } }, [
    element("span", { className: "name" }),
    element("span", { className: "fresh", hidden: true }),
    element("span", { className: "stepper" }, [less, element("span", { className: "count" }), more]),
    form,
  ]);
}

// The banner: the server away; the files unreadable; or a file that stands
// invalid while the server serves the last valid menu or stock (the report's
// `invalidSince`: every menu event is followed by a report), with its place
// and how long it has stood.
function renderBanner() {
  const failure = state.away ? null : state.failure;
  const standing = state.away || failure || !state.report?.invalidSince ? null : state.report;
  $("banner").hidden = !state.away && !failure && !standing;
  $("banner").classList.toggle("away", state.away);
  $("banner").classList.toggle("kept", standing !== null && standing.stale !== true);
  $("banner-text").textContent = state.away ? say("away") : failure ? say("broken") :
    standing ? say(standing.stale ? "staleStock" : "keptMenu") : "";
  const since = (failure ?? standing)?.invalidSince;
  $("banner-since").textContent = since ? sinceText(since) : "";
  const errors = standing ? standing.diagnostics.filter((diagnostic) => diagnostic.severity === "error") :
    failure?.diagnostics ?? [];
  const details = errors.map(describeDiagnostic);
  if (failure?.message) details.unshift(failure.message);
  $("banner-details").replaceChildren(...details.map((line) => element("li", { textContent: line })));
  // Warnings that do not stop the work (a missing inventory file, say).
  const warnings = state.report?.diagnostics?.filter((diagnostic) => diagnostic.severity === "warning") ?? [];
  $("notices").replaceChildren(...warnings.map((warning) =>
    element("li", { textContent: describeDiagnostic(warning) })));
}

// "Since 14:02 (5 min)." for an RFC 3339 time.
function sinceText(time) {
  const since = new Date(time);
  const minutes = Math.max(0, Math.floor((Date.now() - since.getTime()) / 60000));
  const clock = since.toLocaleTimeString(state.language === "ko" ? "ko-KR" : "en-GB", { hour: "2-digit", minute: "2-digit", hour12: false });
  return say("standingSince", { time: clock, minutes });
}

function describeDiagnostic(diagnostic) {
  const place = diagnostic.file ? `${diagnostic.file}:${diagnostic.line}:${diagnostic.column}: ` : "";
  return place + diagnostic.message;
}

function renderUndo() {
  const change = state.lastChange;
  $("undo-bar").hidden = !change;
  if (!change) return;
  $("undo").textContent = say("undo", { change: change.describe() });
  $("undo").disabled = changesOff();
}

// `missing`: per fruit, how many more are needed; `expired`: per fruit, how
// many in stock have expired and make nothing, said on its line as `juice` does.
function showAlert(text, missing = null, expired = {}) {
  $("alert-text").textContent = text;
  $("alert-missing").replaceChildren(...Object.entries(missing ?? {}).map(([fruit, count]) =>
    element("li", {
      textContent: expired[fruit]
        ? say("missingExpiredLine", { fruit: fruitName(fruit), missing: count, expired: expired[fruit] })
        : say("missingLine", { fruit: fruitName(fruit), missing: count }),
    })));
  $("alert-stock").hidden = !missing;
  if (!$("alert").open) $("alert").showModal();
  (missing ? $("alert-stock") : $("alert-ok")).focus();
}

// Takes a change's answer: the stock after, and the entry to offer undoing.
function changed(json, describe) {
  state.report.inventory = json.inventory;
  state.lastChange = json.entry ? { entry: json.entry, describe } : null;
}

function make(recipe) {
  return exclusively(async () => {
    const { status, json } = await post("make", { orders: [recipe.id] });
    if (status === 200) {
      changed(json, () => say("servingsOf", { name: recipeName(recipe.id), count: 1 }));
      await refresh();
      showAlert(say("ready", { name: recipe.name }));
    } else if (status === 409 && json.missing) {
      showAlert(say("short", { name: recipe.name }), json.missing, json.expired);
    } else {
      showAlert(say("failed", { message: json.message ?? json.error }));
    }
  });
}

// One adjust of `fruit`: `change` as `juice adjust` takes it, for the reason
// chosen; `done` runs once it is booked.
function adjust(fruit, change, done = () => {}) {
  const reason = $("reason").value;
  return exclusively(async () => {
    const { status, json } = await post("adjust", { changes: [change], reason });
    if (status === 200) {
      // `+24` and `-1` as they are; a number there is as `= 24`.
      const amount = change.slice(fruit.length + 1).replace(/^(\d)/, "= $1");
      changed(json, () => `${fruitName(fruit)} ${amount} (${say(reason)})`);
      done();
      await refresh();
    } else {
      showAlert(say("failed", { message: json.message ?? json.error }));
    }
  });
}

// Throws out every expired lot, as one entry (`juice waste --expired`).
function wasteExpired() {
  return exclusively(async () => {
    const { status, json } = await post("waste-expired", {});
    if (status === 200) {
      const thrown = Object.entries(json.thrownOut ?? {})
        .map(([fruit, count]) => say("stockOf", { fruit: fruitName(fruit), count })).join(", ");
      changed(json, () => `${say("thrownOut")}: ${thrown}`);
      await refresh();
      $("status").textContent = thrown ? `${say("thrownOut")}: ${thrown}` : say("nothingExpired");
    } else {
      showAlert(say("failed", { message: json.message ?? json.error }));
    }
  });
}

function undo() {
  const change = state.lastChange;
  if (!change) return;
  return exclusively(async () => {
    const { status, json } = await post("undo", { id: change.entry });
    if (status === 200) {
      state.report.inventory = json.inventory;
      state.lastChange = null;
      await refresh();
      // Undoing a delivery opens its order again.
      await loadOrders();
      $("status").textContent = say("undone", { change: change.describe() });
    } else {
      showAlert(say("failed", { message: json.message ?? json.error }));
    }
  });
}

function setAway(away) {
  if (state.away === away) return;
  state.away = away;
  render();
}

// A report from the API or the event stream; the menu read again when the
// report's fruits are not the menu's (the menu changed under the page).
async function takeReport(report) {
  state.report = report;
  state.failure = null;
  const fruits = Object.keys(report.inventory).sort().join(",");
  const known = state.menu?.fruits.map((fruit) => fruit.id).sort().join(",");
  if (fruits !== known) await loadMenu();
  render();
}

async function refresh() {
  const answer = await getJSON("report");
  if (!answer) return;
  const { status, json } = answer;
  if (status === 200) await takeReport(json);
  else if (status !== 0) state.failure = json;
  render();
}

async function loadMenu() {
  const answer = await getJSON("menu");
  if (!answer) return;
  const { status, json } = answer;
  if (status === 200) state.menu = json;
  else if (status !== 0) state.failure = json;
}

function listen() {
  state.events?.close();
  const events = new EventSource(api("events"));
  state.events = events;
  const data = (event) => JSON.parse(event.data);
  events.addEventListener("inventory", (event) => {
    setAway(false);
    takeReport(data(event));
  });
  events.addEventListener("menu", (event) => {
    setAway(false);
    state.menu = data(event);
    render();
  });
  events.addEventListener("failure", (event) => {
    setAway(false);
    state.failure = data(event);
    render();
  });
  events.onerror = () => {
    setAway(true);
    // A stream refused outright (the server restarting, or full) is not
    // retried by the browser: open another.
    if (events.readyState === EventSource.CLOSED && state.events === events) setTimeout(listen, 2000);
  };
}

// Shows one screen: "juices", "stock" or "count".
function showScreen(shown) {
  for (const screen of ["juices", "stock", "count"]) {
    $(`${screen}-screen`).hidden = screen !== shown;
    $(`show-${screen}`).setAttribute("aria-pressed", String(screen === shown));
  }
}

async function load() {
  await loadMenu();
  await refresh();
  await loadOrders();
  listen();
}

async function start() {
  state.language = initialLanguage();
  $("language").addEventListener("click", () => {
    switchLanguage();
    render();
    if (state.store) load();
  });
  let stores;
  try {
    stores = (await (await fetch("/api/stores")).json()).stores;
  } catch {
    setAway(true);
    return;
  }
  const fromPath = decodeURIComponent(location.pathname.match(/^\/stores\/([^/]+)/)?.[1] ?? "");
  $("store").replaceChildren(...stores.map((name) => element("option", { value: name, textContent: name })));
  $("store").addEventListener("change", () => { location.href = `/stores/${encodeURIComponent($("store").value)}`; });
  if (fromPath && !stores.includes(fromPath)) {
    // Never another store's screen: the server answers such a path with its
    // 404 page, and this stays blank should it not.
    $("status").textContent = say("noStore", { name: fromPath });
    return;
  }
  state.store = fromPath || stores[0];
  $("store").value = state.store;
  $("show-juices").addEventListener("click", () => showScreen("juices"));
  $("show-stock").addEventListener("click", () => showScreen("stock"));
  $("waste-expired").addEventListener("click", wasteExpired);
  $("show-count").addEventListener("click", () => showScreen("count"));
  $("count-form").addEventListener("submit", (event) => {
    event.preventDefault();
    saveCount();
  });
  $("reason").addEventListener("change", render);
  // How long a file has stood invalid, kept current.
  setInterval(renderBanner, 30000);
  $("open-order").addEventListener("change", render);
  $("order-form").addEventListener("submit", (event) => {
    event.preventDefault();
    receiveOrder();
  });
  // Orders are placed and received elsewhere too: read them again when
  // the stock screen is shown.
  $("show-stock").addEventListener("click", loadOrders);
  $("undo").addEventListener("click", undo);
  $("alert-ok").addEventListener("click", () => $("alert").close());
  $("alert-stock").addEventListener("click", () => { $("alert").close(); showScreen("stock"); });
  render();
  await load();
}

start();
