-- Shared helpers for the phishgate miltertest scripts (loaded with dofile(DIR .. "/lib.lua")).
-- miltertest prints nothing when error() ends a script, so every failure is echoed first.
-- Globals set with -D: PORT (door port), DIR (this directory), OFFER ("none" or "postfix").

function fail(msg)
  mt.echo("FAIL: " .. msg)
  error(msg)
end

function expect_continue(conn, what)
  local r = mt.getreply(conn)
  if r ~= SMFIR_CONTINUE then fail(what .. ": expected CONTINUE, got " .. tostring(r)) end
end

-- Connects and negotiates. OFFER=postfix offers what Postfix 3.7 offers (every protocol option), so the
-- door asks for no-reply steps; OFFER=none offers no options, so the door must answer every step.
function open_session()
  local conn = mt.connect("inet:" .. PORT .. "@127.0.0.1", 5, 0.2)
  if conn == nil then fail("mt.connect() failed") end
  local steps = 0
  if OFFER == "postfix" then steps = 0x1fffff end
  -- Real argument order is (conn, version, protocol steps, actions), not what the man page says.
  local err = mt.negotiate(conn, 6, steps, 0x1ff)
  if err ~= nil then fail("negotiate: " .. err) end
  for _, action in ipairs({SMFIF_ADDHDRS, SMFIF_CHGHDRS, SMFIF_QUARANTINE}) do
    if not mt.test_action(conn, action) then fail("door did not ask for action " .. action) end
  end
  return conn
end

-- Sends one step and checks its CONTINUE unless the door negotiated no reply (or no step) for it.
function step(conn, what, nr_flag, no_flag, fn, ...)
  if no_flag ~= nil and mt.test_option(conn, no_flag) then return end
  local err = fn(conn, ...)
  if err ~= nil then fail(what .. ": " .. tostring(err)) end
  if nr_flag ~= nil and mt.test_option(conn, nr_flag) then return end
  expect_continue(conn, what)
end

-- Connect/helo/mail/rcpt/data/headers/body up to (not including) end of message.
function send_message(conn, subject, extra_headers)
  step(conn, "mailfrom", SMFIP_NR_MAIL, nil, mt.mailfrom, "<alice@sender.test>")
  step(conn, "rcptto", SMFIP_NR_RCPT, nil, mt.rcptto, "<bob@rcpt.test>")
  step(conn, "data", SMFIP_NR_DATA, SMFIP_NODATA, mt.data)
  local headers = {{"From", "alice@sender.test"}, {"To", "bob@rcpt.test"}, {"Subject", subject}}
  for _, h in ipairs(extra_headers or {}) do table.insert(headers, h) end
  for _, h in ipairs(headers) do step(conn, "header " .. h[1], SMFIP_NR_HDR, nil, mt.header, h[1], h[2]) end
  step(conn, "eoh", SMFIP_NR_EOH, nil, mt.eoh)
  step(conn, "body", SMFIP_NR_BODY, nil, mt.bodystring, "Please verify your account at http://198.51.100.7/login\r\n")
  local err = mt.eom(conn)
  if err ~= nil then fail("eom: " .. err) end
  return mt.getreply(conn)
end

function hello(conn)
  mt.macro(conn, SMFIC_CONNECT, "j", "mx.lab.test")
  step(conn, "conninfo", SMFIP_NR_CONN, nil, mt.conninfo, "client.example", "192.0.2.7")
  step(conn, "helo", SMFIP_NR_HELO, nil, mt.helo, "client.example")
end

-- With HDR_LEADSPC negotiated, values the door sends carry their own leading space.
function hv(conn, value)
  if mt.test_option(conn, SMFIP_HDR_LEADSPC) then return " " .. value end
  return value
end
