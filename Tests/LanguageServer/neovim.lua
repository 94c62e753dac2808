-- Neovim's own LSP client (0.7 or later, headless) against `juice lsp`:
-- run by NeovimClientTests in a folder holding recipes/menu.yaml, after the
-- setup of Documentation/LanguageServer.md as init.lua, with `juice` on the
-- PATH. Opens the menu (the setup starts and attaches the client), edits it
-- without saving (a typo in a recipe's uses), prints each diagnostic Neovim
-- shows as "LINE:COLUMN MESSAGE [CODE]" (1-based, as `juice validate` prints
-- them), then renames the fruit on line 3 (banana) to ripeBanana and prints
-- the edits' count per file, and quits.
vim.cmd("edit recipes/menu.yaml")
local buf = vim.api.nvim_get_current_buf()
if not vim.wait(60000, function() return #vim.lsp.buf_get_clients(buf) > 0 end, 50) then
  io.stdout:write("TIMEOUT: the setup attached no client\n")
  vim.cmd("cq")
end
vim.api.nvim_buf_set_lines(buf, 6, 7, false, { "    uses: { kiwwi: 1, banana: 1 }" })
local function has_typo()
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code == "unknown-fruit" then return true end
  end
  return false
end
if not vim.wait(60000, has_typo, 50) then io.stdout:write("TIMEOUT waiting for diagnostics\n") end
for _, d in ipairs(vim.diagnostic.get(buf)) do
  io.stdout:write(string.format("%d:%d %s [%s]\n", d.lnum + 1, d.col + 1, d.message, tostring(d.code)))
end
local params = {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  position = { line = 2, character = 3 },
  newName = "ripeBanana",
}
for _, answer in pairs(vim.lsp.buf_request_sync(buf, "textDocument/rename", params, 60000) or {}) do
  for uri, edits in pairs((answer.result or {}).changes or {}) do
    io.stdout:write(string.format("rename %s: %d edits\n", vim.fn.fnamemodify(vim.uri_to_fname(uri), ":t"), #edits))
  end
end
vim.lsp.stop_client(vim.lsp.get_active_clients())
vim.cmd("qa!")
