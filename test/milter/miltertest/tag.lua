-- A suspicious message is tagged: forged X-Phishgate-* headers deleted, Subject prefixed,
-- X-Phishgate-* headers inserted at the top, then ACCEPT.
dofile(DIR .. "/lib.lua")
local conn = open_session()
hello(conn)
local r = send_message(conn, "[tag] invoice", {{"X-Phishgate-Verdict", "safe"}, {"X-Phishgate-Score", "0.00"}})
if r ~= SMFIR_ACCEPT then fail("eom: expected ACCEPT, got " .. tostring(r)) end
if not mt.eom_check(conn, MT_HDRDELETE, "X-Phishgate-Verdict") then fail("forged X-Phishgate-Verdict not deleted") end
if not mt.eom_check(conn, MT_HDRDELETE, "X-Phishgate-Score") then fail("forged X-Phishgate-Score not deleted") end
if not mt.eom_check(conn, MT_HDRCHANGE, "Subject", hv(conn, "[SUSPICIOUS] [tag] invoice")) then fail("Subject not tagged") end
if not mt.eom_check(conn, MT_HDRINSERT, "X-Phishgate-Verdict", hv(conn, "suspicious"), 0) then fail("X-Phishgate-Verdict not inserted at the top") end
if not mt.eom_check(conn, MT_HDRINSERT, "X-Phishgate-Score", hv(conn, "0.61"), 0) then fail("X-Phishgate-Score not inserted at the top") end
mt.echo("tag OK")
mt.disconnect(conn)
