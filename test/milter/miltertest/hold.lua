-- A phishing message under quarantine_mode hold: tagged, reason header, QUARANTINE with the reason, ACCEPT.
dofile(DIR .. "/lib.lua")
local conn = open_session()
hello(conn)
local r = send_message(conn, "[hold] your mailbox is full")
if r ~= SMFIR_ACCEPT then fail("eom: expected ACCEPT after QUARANTINE, got " .. tostring(r)) end
if not mt.eom_check(conn, MT_QUARANTINE, "phishing, score 0.97 (test)") then fail("no QUARANTINE with the reason") end
if not mt.eom_check(conn, MT_HDRINSERT, "X-Phishgate-Quarantine-Reason", hv(conn, "phishing, score 0.97 (test)")) then fail("no reason header") end
if not mt.eom_check(conn, MT_HDRINSERT, "X-Phishgate-Verdict", hv(conn, "phishing")) then fail("held message not tagged") end
mt.echo("hold OK")
mt.disconnect(conn)
