"use strict";
// The counter's page: the juices as buttons, the stock with a stepper per
// fruit, live from the store's event stream. Every text in English and Korean.

const TEXT = {
  en: {
    title: "Juice Maker", store: "Store", juices: "Juices", stock: "Stock", otherLanguage: "한국어",
    reason: "Reason", delivery: "Delivery", count: "Count", waste: "Waste", correction: "Correction",
    ready: "{name} is ready. Enjoy!", short: "Not enough fruit for {name}. Missing:",
    missingLine: "{fruit}: {missing}", toStock: "Change the stock", ok: "OK",
    make: "Make one {name}", servings: "{count} possible", uses: "{fruit} {count}",
    more: "One more {fruit}", less: "One less {fruit}", stockOf: "{fruit}: {count}",
    failed: "That did not work: {message}", live: "Up to date.", reconnecting: "Reconnecting…",
    tokenPrompt: "This server needs its token to change the stock:",
  },
  ko: {
    title: "쥬스 메이커", store: "매장", juices: "쥬스", stock: "재고", otherLanguage: "English",
    reason: "사유", delivery: "입고", count: "재고 조사", waste: "폐기", correction: "정정",
    ready: "{name} 나왔습니다! 맛있게 드세요!", short: "{name}에 필요한 과일이 모자랍니다. 부족한 과일:",
    missingLine: "{fruit}: {missing}개", toStock: "재고 수정하기", ok: "확인",
    make: "{name} 한 잔 만들기", servings: "{count}잔 가능", uses: "{fruit} {count}",
    more: "{fruit} 하나 더", less: "{fruit} 하나 빼기", stockOf: "{fruit}: {count}개",
    failed: "처리하지 못했습니다: {message}", live: "최신 상태입니다.", reconnecting: "다시 연결하는 중…",
    tokenPrompt: "재고를 바꾸려면 이 서버의 토큰이 필요합니다:",
  },
};

const state = { store: null, language: "en", menu: null, report: null, events: null };
const $ = (id) => document.getElementById(id);

function say(key, values = {}) {
  const template = TEXT[state.language][key] ?? TEXT.en[key];
  return template.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

function initialLanguage() {
  const saved = localStorage.getItem("juice-language");
  if (saved in TEXT) return saved;
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language || "en"];
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split("-")[0];
    if (primary in TEXT) return primary;
  }
  return "en";
}

function api(path) {
  return `/api/stores/${encodeURIComponent(state.store)}/${path}?lang=${state.language}`;
}

async function getJSON(path) {
  const response = await fetch(api(path));
  return response.json();
}

// A change: POST with the token when the server asked for one.
async function post(path, body) {
  const headers = { "Content-Type": "application/json" };
  const token = sessionStorage.getItem("juice-token");
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(api(path), { method: "POST", headers, body: JSON.stringify(body) });
  if (response.status === 401) {
    const given = window.prompt(say("tokenPrompt"));
    if (given) {
      sessionStorage.setItem("juice-token", given);
      return post(path, body);
    }
  }
  return { status: response.status, json: await response.json() };
}

function fruitName(id) {
  return state.menu?.fruits.find((fruit) => fruit.id === id)?.name ?? id;
}

function element(tag, properties = {}, children = []) {
  const { dataset, ...rest } = properties;
  const node = document.createElement(tag);
  Object.assign(node, rest);
  Object.assign(node.dataset, dataset ?? {});
  node.append(...children);
  return node;
}

function render() {
  document.documentElement.lang = state.language;
  document.title = say("title");
  for (const node of document.querySelectorAll("[data-text]")) node.textContent = say(node.dataset.text);
  $("language").textContent = say("otherLanguage");
  $("language").lang = state.language === "en" ? "ko" : "en";
  if (!state.menu || !state.report) return;
  const stock = state.report.inventory;

  $("fruit-stock").replaceChildren(...state.menu.fruits.map((fruit) =>
    element("li", { dataset: { fruit: fruit.id } }, [
      element("span", { textContent: fruit.name }),
      element("span", { className: "count", textContent: String(stock[fruit.id] ?? 0) }),
    ])));

  $("juices").replaceChildren(...state.report.recipes.map((recipe) => {
    const uses = Object.entries(recipe.uses).map(([fruit, count]) => say("uses", { fruit: fruitName(fruit), count }));
    const button = element("button", { type: "button", className: recipe.servings > 0 ? "" : "short" }, [
      element("span", { className: "name", textContent: recipe.name }),
      element("span", { className: "uses", textContent: uses.join(" · ") }),
      element("span", { className: "servings", textContent: say("servings", { count: recipe.servings }) }),
    ]);
    button.dataset.recipe = recipe.id;
    button.setAttribute("aria-label", `${say("make", { name: recipe.name })}, ${say("servings", { count: recipe.servings })}`);
    button.addEventListener("click", () => make(recipe));
    return button;
  }));

  $("steppers").replaceChildren(...state.menu.fruits.map((fruit) => {
    const count = stock[fruit.id] ?? 0;
    const less = element("button", { type: "button", textContent: "−", disabled: count <= 0 });
    less.setAttribute("aria-label", say("less", { fruit: fruit.name }));
    less.addEventListener("click", () => adjust(fruit.id, -1));
    const more = element("button", { type: "button", textContent: "+" });
    more.setAttribute("aria-label", say("more", { fruit: fruit.name }));
    more.addEventListener("click", () => adjust(fruit.id, 1));
    const shown = element("span", { className: "count", textContent: String(count) });
    shown.setAttribute("aria-label", say("stockOf", { fruit: fruit.name, count }));
    return element("li", { dataset: { fruit: fruit.id } }, [
      element("span", { textContent: fruit.name }),
      element("span", { className: "stepper" }, [less, shown, more]),
    ]);
  }));
}

function showAlert(text, missing = null) {
  $("alert-text").textContent = text;
  $("alert-missing").replaceChildren(...Object.entries(missing ?? {}).map(([fruit, count]) =>
    element("li", { textContent: say("missingLine", { fruit: fruitName(fruit), missing: count }) })));
  $("alert-stock").hidden = !missing;
  $("alert").showModal();
  (missing ? $("alert-stock") : $("alert-ok")).focus();
}

async function make(recipe) {
  const { status, json } = await post("make", { orders: [recipe.id] });
  if (status === 200) {
    state.report.inventory = json.inventory;
    await refresh();
    showAlert(say("ready", { name: recipe.name }));
  } else if (status === 409 && json.missing) {
    showAlert(say("short", { name: recipe.name }), json.missing);
  } else {
    showAlert(say("failed", { message: json.message ?? json.error }));
  }
}

async function adjust(fruit, step) {
  const change = `${fruit}=${step > 0 ? "+" : "-"}${Math.abs(step)}`;
  const { status, json } = await post("adjust", { changes: [change], reason: $("reason").value });
  if (status === 200) {
    state.report.inventory = json.inventory;
    render();
    await refresh();
  } else {
    showAlert(say("failed", { message: json.message ?? json.error }));
  }
}

async function refresh() {
  state.report = await getJSON("report");
  render();
}

function listen() {
  state.events?.close();
  state.events = new EventSource(api("events"));
  state.events.addEventListener("inventory", (event) => {
    state.report = JSON.parse(event.data);
    $("status").textContent = say("live");
    render();
  });
  state.events.onerror = () => { $("status").textContent = say("reconnecting"); };
}

function showScreen(stock) {
  $("juices-screen").hidden = stock;
  $("stock-screen").hidden = !stock;
  $("show-juices").setAttribute("aria-pressed", String(!stock));
  $("show-stock").setAttribute("aria-pressed", String(stock));
}

async function load() {
  state.menu = await getJSON("menu");
  await refresh();
  listen();
}

async function start() {
  state.language = initialLanguage();
  const stores = (await (await fetch("/api/stores")).json()).stores;
  const fromPath = decodeURIComponent(location.pathname.match(/^\/stores\/([^/]+)/)?.[1] ?? "");
  state.store = stores.includes(fromPath) ? fromPath : stores[0];
  $("store").replaceChildren(...stores.map((name) => element("option", { value: name, textContent: name })));
  $("store").value = state.store;
  $("store").addEventListener("change", () => { location.href = `/stores/${encodeURIComponent($("store").value)}`; });
  $("language").addEventListener("click", () => {
    state.language = state.language === "en" ? "ko" : "en";
    localStorage.setItem("juice-language", state.language);
    load();
  });
  $("show-juices").addEventListener("click", () => showScreen(false));
  $("show-stock").addEventListener("click", () => showScreen(true));
  $("alert-ok").addEventListener("click", () => $("alert").close());
  $("alert-stock").addEventListener("click", () => { $("alert").close(); showScreen(true); });
  render();
  await load();
}

start();
