-- A transaction abandoned mid-header (RSET) leaves nothing behind: the next message is judged alone.
dofile(DIR .. "/lib.lua")
local conn = open_session()
hello(conn)
step(conn, "mailfrom", SMFIP_NR_MAIL, nil, mt.mailfrom, "<mallory@evil.test>")
step(conn, "rcptto", SMFIP_NR_RCPT, nil, mt.rcptto, "<victim@rcpt.test>")
step(conn, "header", SMFIP_NR_HDR, nil, mt.header, "Subject", "[reject] abandoned")
local err = mt.abort(conn)
if err ~= nil then fail("abort: " .. err) end
local r = send_message(conn, "clean follow-up")
if r ~= SMFIR_ACCEPT then fail("expected ACCEPT for the follow-up, got " .. tostring(r)) end
mt.echo("abort OK")
mt.disconnect(conn)
