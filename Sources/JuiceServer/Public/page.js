"use strict";
// What the store's page (app.js) and the chain page (chain.js) share, loaded
// before either. Each page has its `TEXT` (its words by language, which the
// server writes into it from the word tables) and `state` (with
// `state.language`), which these read when called.

const $ = (id) => document.getElementById(id);

// The page's text for `key` in the page's language (English where it has
// none), each `{name}` replaced by `values[name]`.
function say(key, values = {}) {
  const template = TEXT[state.language][key] ?? TEXT.en[key];
  return template.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

// The language chosen here before, else the browser's first that the page
// speaks, else English.
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

// Switches the page to its other language and keeps the choice.
function switchLanguage() {
  state.language = state.language === "en" ? "ko" : "en";
  localStorage.setItem("juice-language", state.language);
}

// A new element: its properties (`dataset` goes to its data attributes)
// and its children.
function element(tag, properties = {}, children = []) {
  const { dataset, ...rest } = properties;
  const node = document.createElement(tag);
  Object.assign(node, rest);
  Object.assign(node.dataset, dataset ?? {});
  node.append(...children);
  return node;
}
