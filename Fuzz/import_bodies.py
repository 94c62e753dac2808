# schemathesis hooks for Fuzz/api.sh (SCHEMATHESIS_HOOKS=Fuzz/import_bodies.py):
# the bodies of POST /api/stores/{store}/import, a till's export sent as
# text/csv, which schemathesis cannot make from the schema (a string) by
# itself. Exports of each format, generic CSVs of any rows (quoted fields,
# Korean names, quantities that are no number), and any text or bytes.
import csv
import io

import schemathesis
from hypothesis import strategies as st

SQUARE = (
    "Date,Time,Time Zone,Category,Item,Qty,Price Point Name,Modifiers Applied,"
    "Transaction ID,Payment ID,Event Type,Location\r\n"
    "2026-11-28,10:15:03,Seoul,Juice,Banana Juice,2,Regular,,T1,P1,Payment,Gangnam\r\n"
    "2026-11-28,10:15:03,Seoul,Juice,Banana Juice,1,Regular,,T1,P1,Refund,Gangnam\r\n"
    '2026-11-28,10:16:00,Seoul,Juice,"Strawberry, Banana",1,Large,Extra Banana,T2,P2,Payment,Gangnam\r\n'
)
TOAST = (
    "Order Id,Order Date,Menu Item,Qty,Void?,Item Selection Id,Location\n"
    "100,11/28/26 10:15 AM,바나나 주스,1.0,false,S1,Gangnam\n"
    "101,11/28/26 10:20 AM,Banana Juice,2,true,S2,Gangnam\n"
)

_cell = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["Banana Juice", "바나나 주스", "1", "1.0", "1.5", "-1", "1e9", "abc", ""]),
)
_time = st.one_of(
    st.sampled_from(["2026-11-28T10:15:00+09:00", "2026-11-28 10:15", "not a time"]), st.text(max_size=20)
)


@st.composite
def _generic(draw):
    """A generic CSV (time, item, quantity, ticket) of any rows."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["time", "item", "quantity", "ticket"])
    for _ in range(draw(st.integers(0, 5))):
        writer.writerow([draw(_time), draw(_cell), draw(_cell), draw(_cell)])
    text = out.getvalue()
    return (("\ufeff" if draw(st.booleans()) else "") + text).encode("utf-8")


bodies = st.one_of(
    st.sampled_from([SQUARE.encode("utf-8"), TOAST.encode("utf-8"), b""]),
    _generic(),
    st.text(max_size=200).map(lambda text: text.encode("utf-8")),
    st.binary(max_size=200),
)

schemathesis.openapi.media_type("text/csv", bodies)
