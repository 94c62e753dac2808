"use strict";
// The chain page: a grid of stores (rows) by juices (columns), each cell
// the servings the store can make now, a short one (0) marked; each store's
// stock and when it last synced. It polls GET /api/chain: one request for
// every store, where an event stream per store would hold thousands of
// connections open at the head office.

const TEXT = {
  en: {
    title: "All stores", otherLanguage: "한국어", store: "Store", stock: "Stock", synced: "Last synced",
    help: "How many servings of each juice every store can make now; a red 0 is a juice the store cannot make now, a grey dash one its menu does not have.",
    never: "—", live: "Up to date.", away: "The server cannot be reached; trying again.",
    short: "{store}: {name} cannot be made", noRecipe: "not on this store's menu",
    problems: "{store}: its files have a problem", stockItem: "{fruit} {count}",
  },
  ko: {
    title: "전체 매장", otherLanguage: "English", store: "매장", stock: "재고", synced: "마지막 동기화",
    help: "매장마다 지금 만들 수 있는 쥬스의 잔 수입니다. 빨간 0은 지금 만들 수 없는 쥬스, 회색 줄표는 그 매장 메뉴에 없는 쥬스입니다.",
    never: "—", live: "최신 상태입니다.", away: "서버에 연결할 수 없어 다시 시도합니다.",
    short: "{store}: {name}을(를) 만들 수 없습니다", noRecipe: "이 매장의 메뉴에 없음",
    problems: "{store}: 매장 파일에 문제가 있습니다", stockItem: "{fruit} {count}",
  },
};

// How often the grid is fetched again.
const REFRESH_MILLISECONDS = 3000;

const state = { language: "en", chain: null, away: false };
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

function element(tag, properties = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(properties)) {
    if (key === "dataset") Object.assign(node.dataset, value);
    else node[key] = value;
  }
  node.append(...children);
  return node;
}

// The juices of every store's menu, in the order they first appear, each
// titled with its name in the first menu that has it.
function columns(stores) {
  const seen = new Map();
  for (const store of stores) {
    for (const recipe of store.recipes) {
      if (!seen.has(recipe.id)) seen.set(recipe.id, recipe.name);
    }
  }
  return [...seen.entries()].map(([id, name]) => ({ id, name }));
}

function syncedText(time) {
  if (!time) return say("never");
  return new Date(time).toLocaleString(state.language === "ko" ? "ko-KR" : "en-GB");
}

function render() {
  document.documentElement.lang = state.language;
  document.title = say("title");
  for (const node of document.querySelectorAll("[data-text]")) node.textContent = say(node.dataset.text);
  $("language").textContent = say("otherLanguage");
  $("language").lang = state.language === "en" ? "ko" : "en";
  $("status").textContent = state.away ? say("away") : state.chain ? say("live") : "";
  if (!state.chain) return;
  const stores = state.chain.stores;
  const juices = columns(stores);
  $("grid-head").replaceChildren(
    element("th", { scope: "col", textContent: say("store") }),
    ...juices.map((juice) => element("th", { scope: "col", textContent: juice.name, dataset: { recipe: juice.id } })),
    element("th", { scope: "col", textContent: say("stock") }),
    element("th", { scope: "col", textContent: say("synced") }));
  const notices = [];
  $("grid-body").replaceChildren(...stores.map((store) => {
    const byID = new Map(store.recipes.map((recipe) => [recipe.id, recipe]));
    if (store.diagnostics.some((diagnostic) => diagnostic.severity === "error")) {
      notices.push(say("problems", { store: store.store }));
    }
    const cells = juices.map((juice) => {
      const recipe = byID.get(juice.id);
      if (!recipe) return element("td", { className: "none", textContent: "-", title: say("noRecipe"), dataset: { recipe: juice.id } });
      const short = recipe.servings === 0;
      return element("td", {
        className: short ? "short" : "",
        textContent: String(recipe.servings),
        title: short ? say("short", { store: store.store, name: recipe.name }) : "",
        dataset: { recipe: juice.id },
      });
    });
    const stock = Object.entries(store.inventory)
      .map(([fruit, count]) => say("stockItem", { fruit, count })).join(", ");
    const link = element("a", { href: `/stores/${encodeURIComponent(store.store)}`, textContent: store.store });
    return element("tr", { dataset: { store: store.store } }, [
      element("th", { scope: "row" }, [link]),
      ...cells,
      element("td", { className: "stock", textContent: stock }),
      element("td", { className: "synced", textContent: syncedText(store.lastSynced) }),
    ]);
  }));
  $("notices").replaceChildren(...notices.map((text) => element("li", { textContent: text })));
}

async function refresh() {
  try {
    const response = await fetch(`/api/chain?lang=${state.language}`, { cache: "no-store" });
    const json = await response.json();
    if (!response.ok) {
      state.chain = null;
      state.away = false;
      render();
      $("status").textContent = json.message ?? "";
      return;
    }
    state.chain = json;
    state.away = false;
  } catch {
    state.away = true;
  }
  render();
}

// Fetches the grid again every few seconds, one request at a time.
async function poll() {
  await refresh();
  setTimeout(poll, REFRESH_MILLISECONDS);
}

function start() {
  state.language = initialLanguage();
  $("language").addEventListener("click", () => {
    state.language = state.language === "en" ? "ko" : "en";
    localStorage.setItem("juice-language", state.language);
    render();
    refresh();
  });
  render();
  poll();
}

start();
