-- A phishing message under a reject policy: REPLYCODE 550 5.7.1 with the gateway's text, no edits.
dofile(DIR .. "/lib.lua")
local conn = open_session()
hello(conn)
local r = send_message(conn, "[reject] urgent: verify your password")
if r ~= SMFIR_REPLYCODE then fail("eom: expected REPLYCODE, got " .. tostring(r)) end
-- NB: MT_SMTPREPLY only works with all three arguments (docs/development.md, "Postfix in tests").
if not mt.eom_check(conn, MT_SMTPREPLY, "550", "5.7.1", "Message rejected as phishing (test)") then fail("wrong SMTP reply") end
if mt.eom_check(conn, MT_HDRINSERT) then fail("a rejected message must not be edited") end
mt.echo("reject OK")
mt.disconnect(conn)
