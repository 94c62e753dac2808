"use strict";
// The chain page, the head office's: one table of stores (rows, the store
// column kept in view while the rest scrolls) in four views, each from the
// API the counter already answers:
// - servings: each juice the store can make now (GET /api/chain), a short one
//   (0) marked;
// - stock: each fruit's stock (GET /api/chain);
// - variance: what today's counts say against the book (GET .../variance,
//   since the store's business day began);
// - order: what to order from the suppliers (GET .../order), and what each
//   store has on order already (GET .../orders).
// A store whose files cannot be read (a broken menu, no inventory) shows
// why across its row, where its mistake is (file:line:column).
// Fruits are named as each store's menu names them in the page's language
// (GET .../menu; the id only where a menu gives no name), in the menus'
// order. It polls: one request for every store's report, where an event
// stream per store would hold thousands of connections open at the head
// office; a store's menu is read again only when its fruits change.
// `$`, `say`, `initialLanguage`, `switchLanguage` and `element` are page.js's.

// The page's words by language, written here by the server from the word
// tables (Sources/JuiceWords/Resources, `chainPage.` keys).
const TEXT = /* words */ {};

const VIEWS = ["servings", "stock", "variance", "order"];
// The words that say what each view shows.
const VIEW_HELP = { servings: "helpServings", stock: "helpStock", variance: "helpVariance", order: "helpOrder" };
// The views that read each store's answer besides the chain's.
const NEEDS_ANSWERS = ["variance", "order"];
// What each of those views asks each store: its route and query.
const VIEW_REQUESTS = { variance: "variance?since=today&", order: "order?" };

// How often the current view is fetched again.
const REFRESH_MILLISECONDS = 3000;

const state = {
  language: "en", view: "servings", chain: null, away: false,
  // Each store's menu in the page's language, and the fruits it was read for.
  menus: new Map(),
  // The current view's answers by store (variance, order): { status, json }.
  answers: new Map(),
  // The units each store has on order (the order view's), by store.
  onOrder: new Map(),
};

// A store's route; `request` is `PATH?` or `PATH?QUERY&`.
function storeAPI(store, request) {
  return `/api/stores/${encodeURIComponent(store)}/${request}lang=${state.language}`;
}

// A GET's status and JSON; status 0 when the server cannot be reached.
async function getJSON(url) {
  try {
    const response = await fetch(url, { cache: "no-store" });
    return { status: response.status, json: await response.json().catch(() => ({})) };
  } catch {
    return { status: 0, json: {} };
  }
}

// The juices of every store's menu, in the order they first appear, each
// titled with its name in the first menu that has it.
function juiceColumns(stores) {
  const seen = new Map();
  for (const store of stores) {
    for (const recipe of store.recipes) {
      if (!seen.has(recipe.id)) seen.set(recipe.id, recipe.name);
    }
  }
  return [...seen.entries()].map(([id, name]) => ({ id, name }));
}

// The fruits of every store's menu, in the menus' order (each new one after
// those of the menus before), named as the first menu that has it names it;
// a fruit of no menu read (a store whose menu could not be) by its id.
function fruitColumns(stores) {
  const seen = new Map();
  for (const store of stores) {
    for (const fruit of state.menus.get(store.store)?.fruits ?? []) {
      if (!seen.has(fruit.id)) seen.set(fruit.id, fruit.name);
    }
  }
  for (const store of stores) {
    for (const id of Object.keys(store.inventory)) {
      if (!seen.has(id)) seen.set(id, id);
    }
  }
  return [...seen.entries()].map(([id, name]) => ({ id, name }));
}

function syncedText(time) {
  if (!time) return say("never");
  return new Date(time).toLocaleString(state.language === "ko" ? "ko-KR" : "en-GB");
}

// The store's cell, the first of its row: its page, when it last synced,
// and in the order view, what it has on order already.
function storeCell(store) {
  const link = element("a", { href: `/stores/${encodeURIComponent(store.store)}`, textContent: store.store });
  const units = state.view === "order" ? state.onOrder.get(store.store) ?? 0 : 0;
  return element("th", { scope: "row", className: "store" }, [
    link, element("span", { className: "synced", textContent: syncedText(store.lastSynced) }),
    ...(units > 0 ? [element("span", { className: "on-order", textContent: say("onOrder", { units }) })] : []),
  ]);
}

// The first error of a store's files, as `file:line:column: message`; none
// when the store's files have no error.
function firstError(store) {
  const error = store.diagnostics.find((diagnostic) => diagnostic.severity === "error");
  if (!error) return null;
  const place = [error.file, error.line, error.column].filter((part) => part !== undefined && part !== null).join(":");
  return place ? `${place}: ${error.message}` : error.message;
}

function heading(text, dataset = {}) {
  return element("th", { scope: "col", textContent: text, dataset });
}

function number(value, className = "") {
  return element("td", { className, textContent: value === null || value === undefined ? say("never") : String(value) });
}

// A cell for a fruit or juice the store's menu does not have.
function absent(dataset, title) {
  return element("td", { className: "none", textContent: "-", title, dataset });
}

// The views' tables: head cells and one row per store, and a last row.
const TABLES = {
  servings(stores) {
    const juices = juiceColumns(stores);
    const rows = stores.map((store) => {
      if (firstError(store)) return failedRow(store, null, juices.length);
      const byID = new Map(store.recipes.map((recipe) => [recipe.id, recipe]));
      return juices.map((juice) => {
        const recipe = byID.get(juice.id);
        if (!recipe) return absent({ recipe: juice.id }, say("noRecipe"));
        const short = recipe.servings === 0;
        return element("td", {
          className: short ? "short" : "", textContent: String(recipe.servings),
          title: short ? say("short", { store: store.store, name: recipe.name }) : "", dataset: { recipe: juice.id },
        });
      });
    });
    return { head: juices.map((juice) => heading(juice.name, { recipe: juice.id })), rows };
  },

  stock(stores) {
    const fruits = fruitColumns(stores);
    const rows = stores.map((store) => firstError(store) ? failedRow(store, null, fruits.length) : fruits.map((fruit) =>
      fruit.id in store.inventory
        ? element("td", { textContent: String(store.inventory[fruit.id]), dataset: { fruit: fruit.id } })
        : absent({ fruit: fruit.id }, say("noFruit"))));
    return { head: fruits.map((fruit) => heading(fruit.name, { fruit: fruit.id })), rows };
  },

  variance(stores) {
    const fruits = fruitColumns(stores);
    // As `juice variance --stores` adds them: what is known, null when nothing is.
    const totals = { fruits: new Map(), cost: null };
    const rows = stores.map((store) => {
      const answer = state.answers.get(store.store);
      if (answer?.status !== 200) return failedRow(store, answer, fruits.length + 1);
      const byFruit = new Map(answer.json.fruits.map((line) => [line.fruit, line]));
      const cost = answer.json.total.varianceCost;
      if (cost !== null) totals.cost = (totals.cost ?? 0) + cost;
      return [...fruits.map((fruit) => {
        const line = byFruit.get(fruit.id);
        if (!line || line.variance === null) {
          return element("td", { className: "none", textContent: say("never"), title: say("notCounted"), dataset: { fruit: fruit.id } });
        }
        totals.fruits.set(fruit.id, (totals.fruits.get(fruit.id) ?? 0) + line.variance);
        return element("td", {
          className: line.variance < 0 ? "short" : "", textContent: String(line.variance), dataset: { fruit: fruit.id },
          title: say("varianceOf", { fruit: fruit.name, expected: line.expected, counted: line.counted }),
        });
      }), number(answer.json.total.varianceCost, "cost")];
    });
    const last = [...fruits.map((fruit) => number(totals.fruits.get(fruit.id))), number(totals.cost, "cost")];
    return { head: [...fruits.map((fruit) => heading(fruit.name, { fruit: fruit.id })), heading(say("cost"))], rows, last };
  },

  order(stores) {
    const fruits = fruitColumns(stores);
    const totals = { fruits: new Map(), packs: 0, cost: 0 };
    const rows = stores.map((store) => {
      const answer = state.answers.get(store.store);
      if (answer?.status !== 200) return failedRow(store, answer, fruits.length + 2);
      const byFruit = new Map(answer.json.suppliers.flatMap((supplier) => supplier.lines).map((line) => [line.fruit, line]));
      totals.packs += answer.json.total.packs;
      totals.cost = sum(totals.cost, answer.json.total.cost);
      return [...fruits.map((fruit) => {
        const line = byFruit.get(fruit.id);
        if (!line) return element("td", { className: "none", textContent: "", dataset: { fruit: fruit.id } });
        const total = totals.fruits.get(fruit.id) ?? { units: 0, packs: 0 };
        totals.fruits.set(fruit.id, { units: total.units + line.units, packs: total.packs + line.packs });
        return element("td", { textContent: say("unitsPacks", line), dataset: { fruit: fruit.id } });
      }), number(answer.json.total.packs), number(answer.json.total.cost, "cost")];
    });
    const last = [
      ...fruits.map((fruit) => {
        const total = totals.fruits.get(fruit.id);
        return element("td", { textContent: total ? say("unitsPacks", total) : "" });
      }),
      number(totals.packs), number(totals.cost, "cost"),
    ];
    const head = [...fruits.map((fruit) => heading(fruit.name, { fruit: fruit.id })), heading(say("packs")), heading(say("cost"))];
    return { head, rows, last };
  },
};

// A sum of money that is unknown (null) once any part is.
function sum(total, value) {
  return total === null || value === null || value === undefined ? null : total + value;
}

// A store whose answer is a failure (no inventory, its files invalid), or
// whose files the chain's answer found in error (`answer` null): why,
// across the row, with the mistake's place.
function failedRow(store, answer, span) {
  const json = answer?.json ?? {};
  const error = firstError(answer ? { diagnostics: json.diagnostics ?? [] } : store);
  const message = error ?? json.message ?? json.error ?? "";
  return [element("td", { className: "failed", colSpan: Math.max(span, 1), textContent: message })];
}

function render() {
  document.documentElement.lang = state.language;
  document.title = say("title");
  for (const node of document.querySelectorAll("[data-text]")) node.textContent = say(node.dataset.text);
  for (const view of VIEWS) $(`show-${view}`).setAttribute("aria-current", String(view === state.view));
  $("help").textContent = say(VIEW_HELP[state.view]);
  $("language").textContent = say("otherLanguage");
  $("language").lang = state.language === "en" ? "ko" : "en";
  const failing = state.chain?.stores.filter(firstError).length ?? 0;
  $("status").textContent = state.away ? say("away")
    : !state.chain ? "" : failing > 0 ? say("liveWithProblems", { count: failing }) : say("live");
  $("grid").dataset.view = state.view;
  const waiting = NEEDS_ANSWERS.includes(state.view) && state.answers.size === 0;
  if (!state.chain || waiting) {
    for (const part of ["grid-head", "grid-body", "grid-foot"]) $(part).replaceChildren();
    return;
  }
  const stores = state.chain.stores;
  const table = TABLES[state.view](stores);
  $("grid-head").replaceChildren(element("th", { scope: "col", className: "store", textContent: say("store") }), ...table.head);
  $("grid-body").replaceChildren(...stores.map((store, index) =>
    element("tr", { dataset: { store: store.store } }, [storeCell(store), ...table.rows[index]])));
  $("grid-foot").replaceChildren(...(table.last
    ? [element("tr", {}, [element("th", { scope: "row", className: "store", textContent: say("chainTotal") }), ...table.last])]
    : []));
  const notices = stores.filter((store) => store.diagnostics.some((diagnostic) => diagnostic.severity === "error"))
    .map((store) => say("problems", { store: store.store }));
  $("notices").replaceChildren(...notices.map((text) => element("li", { textContent: text })));
}

// Reads each store's menu whose fruits are not those of the menu read (a
// menu changed, or the language did).
async function loadMenus(stores) {
  await Promise.all(stores.map(async (store) => {
    const fruits = Object.keys(store.inventory).sort().join(",");
    const known = state.menus.get(store.store);
    if (known && known.language === state.language && known.fruitsRead === fruits) return;
    // The language asked in: the page's may change while the answer is on its way.
    const language = state.language;
    const { status, json } = await getJSON(storeAPI(store.store, "menu?"));
    if (status === 200) state.menus.set(store.store, { ...json, language, fruitsRead: fruits });
  }));
}

// Reads the chain, the menus it needs, and the current view's answers.
async function refresh() {
  const view = state.view;
  const language = state.language;
  const { status, json } = await getJSON(`/api/chain?lang=${language}`);
  state.away = status === 0;
  if (status === 0) return render();
  if (status !== 200) {
    state.chain = null;
    render();
    $("status").textContent = json.message ?? "";
    return;
  }
  // The servings need no fruit: their view reads one answer for every store.
  if (view !== "servings") await loadMenus(json.stores);
  const answers = NEEDS_ANSWERS.includes(view)
    ? await Promise.all(json.stores.map((store) => getJSON(storeAPI(store.store, VIEW_REQUESTS[view]))))
    : [];
  const orders = view === "order"
    ? await Promise.all(json.stores.map((store) => getJSON(storeAPI(store.store, "orders?"))))
    : [];
  // Answers for a view or a language left while they came: the next refresh asks again.
  if (view !== state.view || language !== state.language) return;
  if ([...answers, ...orders].some((answer) => answer.status === 0)) state.away = true;
  state.answers = new Map(json.stores.map((store, index) => [store.store, answers[index]]));
  state.onOrder = new Map(json.stores.map((store, index) => [
    store.store, (orders[index]?.json?.orders ?? []).reduce((units, order) => units + order.units, 0),
  ]));
  state.chain = json;
  render();
}

// Fetches the view again every few seconds, one request at a time.
async function poll() {
  await refresh();
  setTimeout(poll, REFRESH_MILLISECONDS);
}

// Shows the view the address names (#stock, #variance, #order; servings
// otherwise), read afresh.
function showView() {
  const named = location.hash.slice(1);
  state.view = VIEWS.includes(named) ? named : "servings";
  state.answers = new Map();
  render();
  refresh();
}

function start() {
  state.language = initialLanguage();
  $("language").addEventListener("click", () => {
    switchLanguage();
    render();
    refresh();
  });
  window.addEventListener("hashchange", showView);
  const named = location.hash.slice(1);
  state.view = VIEWS.includes(named) ? named : "servings";
  render();
  poll();
}

start();
