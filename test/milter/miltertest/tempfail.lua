-- The analysis fails: 451 4.3.0 (on_error: tempfail), then the same connection still serves a message.
dofile(DIR .. "/lib.lua")
local conn = open_session()
hello(conn)
local r = send_message(conn, "[boom]")
if r ~= SMFIR_REPLYCODE then fail("eom: expected REPLYCODE, got " .. tostring(r)) end
if not mt.eom_check(conn, MT_SMTPREPLY, "451", "4.3.0", "Temporary failure in message analysis, try again later") then fail("wrong tempfail reply") end
local err = mt.abort(conn)
if err ~= nil then fail("abort: " .. err) end
r = send_message(conn, "next one")
if r ~= SMFIR_ACCEPT then fail("second message: expected ACCEPT, got " .. tostring(r)) end
if not mt.eom_check(conn, MT_HDRINSERT, "X-Phishgate-Verdict", hv(conn, "safe")) then fail("second message not tagged") end
mt.echo("tempfail OK")
mt.disconnect(conn)
