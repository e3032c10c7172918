#!/usr/bin/env bash
# SQL injection scan with Debian's sqlmap against a locally started server on a throwaway
# PostgreSQL database: the login, the admin user search and the admin transaction searches.
# Batch mode, level 3 / risk 2 (also headers and heavier time-based tests; the database is
# a throwaway one), loopback only. Results: docs/security-testing.md.
#
#   scripts/sqlmap.sh            # needs: apt-get install -y sqlmap; PostgreSQL at $PG_ADMIN_URL
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PG_ADMIN_URL="${PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
LEVEL="${SQLMAP_LEVEL:-3}"
RISK="${SQLMAP_RISK:-2}"
command -v sqlmap >/dev/null || { echo "sqlmap is missing: apt-get install -y sqlmap" >&2; exit 2; }

DB="sente_sqlmap_$(head -c4 /dev/urandom | od -An -tx1 | tr -d ' \n')"
WORK="$(mktemp -d /tmp/sente-sqlmap-XXXXXX)"
PORT="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
BASE="http://127.0.0.1:${PORT}"
ADMIN_EMAIL="admin@sqlmap.sente.ug"
ADMIN_PASSWORD="$(head -c18 /dev/urandom | base64 | tr -d '/+=')"
DB_URL="$(node -e "const u=new URL(process.argv[1]);u.pathname='/$DB';console.log(u.toString())" "$PG_ADMIN_URL")"
SERVER_PID=""

cleanup() {
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true
  fi
  psql "$PG_ADMIN_URL" -qc "drop database if exists \"$DB\" with (force)" >/dev/null 2>&1 || true
}
trap cleanup EXIT

psql "$PG_ADMIN_URL" -qc "create database \"$DB\"" >/dev/null
echo "Starting the server on $BASE (database $DB, demo data)..."
(
  cd "$ROOT"
  NODE_ENV=production ADMIN_MFA=optional DATABASE_URL="$DB_URL" JWT_SECRET="$(head -c36 /dev/urandom | base64 | tr -d '/+=')" \
    ADMIN_EMAIL="$ADMIN_EMAIL" ADMIN_PASSWORD="$ADMIN_PASSWORD" SEED_DEMO=true PORT="$PORT" HOST=127.0.0.1 \
    PAYMENT_PROVIDER=simulator PAYMENT_CALLBACK_SECRET="$(head -c36 /dev/urandom | base64 | tr -d '/+=')" \
    PUBLIC_URL="$BASE" LOG_LEVEL=warn WEB_DIST_DIR=/nonexistent DATA_DIR="$WORK/data" LOGIN_RATE_LIMIT_PER_MINUTE=100000 \
    exec node --import tsx apps/server/src/main.ts
) >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 180); do
  curl -fs "$BASE/api/health" >/dev/null 2>&1 && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log"; exit 1; }
  sleep 1
done
curl -fs "$BASE/api/health" >/dev/null || { echo "the server did not start"; cat "$WORK/server.log"; exit 1; }

TOKEN="$(curl -fs -H 'content-type: application/json' \
  -d "{\"email\":\"$ADMIN_EMAIL\",\"password\":\"$ADMIN_PASSWORD\"}" "$BASE/api/auth/login/" |
  node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(JSON.parse(s).access))")"
# A real loan id, so the transactions filter answers rows (boolean-based tests need a true page).
LOAN_ID="$(curl -fs -H "authorization: Bearer $TOKEN" "$BASE/api/loans/loans/?page_size=1" |
  node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(JSON.parse(s).results[0]?.id ?? 1))")"

COMMON=(--batch --level="$LEVEL" --risk="$RISK" --dbms=PostgreSQL --threads=2 --timeout=15 --retries=1
  --flush-session --disable-coloring --output-dir="$WORK/sqlmap")
# Access tokens live 15 minutes; a scan stays well inside that.
AUTH=(-H "Authorization: Bearer $TOKEN")

declare -a NAMES=() RESULTS=()
scan() {
  local name="$1"; shift
  echo "== $name"
  local log="$WORK/$(echo "$name" | tr ' /' '__').log"
  local started=$SECONDS
  sqlmap "${COMMON[@]}" "$@" >"$log" 2>&1 || true
  local verdict
  if grep -q "appears to be injectable\|is vulnerable\|sqlmap identified the following injection point" "$log"; then
    verdict="INJECTABLE (see $log)"
  elif grep -q "all tested parameters do not appear to be injectable" "$log"; then
    verdict="no injection found"
  else
    verdict="inconclusive (see $log)"
  fi
  local codes
  codes="$(grep -A3 'HTTP error codes detected' "$log" | grep -o '^[0-9]\{3\} ([^)]*) - [0-9]* times' | paste -sd, - || true)"
  echo "   $verdict ($((SECONDS - started)) s; refused answers: ${codes:-none})"
  NAMES+=("$name"); RESULTS+=("$verdict")
}

# The right password as the baseline, so an injected email that still matched would show as a 200;
# refusals (401, and 429 once an email has failed five times) are answers to compare, not errors.
scan "POST /api/auth/login/ (email, password)" -u "$BASE/api/auth/login/" \
  --data "{\"email\":\"$ADMIN_EMAIL\",\"password\":\"$ADMIN_PASSWORD\"}" -H "Content-Type: application/json" \
  -p "email,password" --ignore-code=401,429
scan "GET /api/auth/admin/users/ (search, status, page)" "${AUTH[@]}" \
  -u "$BASE/api/auth/admin/users/?search=nakato&status=Active&page=1" -p "search,status,page"
scan "GET /api/loans/transactions/ (loan, page)" "${AUTH[@]}" \
  -u "$BASE/api/loans/transactions/?loan=$LOAN_ID&page=1" -p "loan,page"
# The platform transactions search arrives with the money feature; scanned when the route exists.
if [[ "$(curl -s -o /dev/null -w '%{http_code}' "${AUTH[@]}" "$BASE/api/wallet/admin/all-transactions/?search=a")" == "200" ]]; then
  scan "GET /api/wallet/admin/all-transactions/ (search, status, type, ordering, page)" "${AUTH[@]}" \
    -u "$BASE/api/wallet/admin/all-transactions/?search=nakato&status=COMPLETED&type=DEPOSIT&ordering=-created_at&page=1" \
    -p "search,status,type,ordering,page"
  scan "GET /api/wallet/transactions/ (loan, page)" "${AUTH[@]}" \
    -u "$BASE/api/wallet/transactions/?loan=$LOAN_ID&page=1" -p "loan,page"
fi

echo
echo "sqlmap $(dpkg-query -W -f='${Version}' sqlmap 2>/dev/null || echo '?'), level $LEVEL, risk $RISK:"
status=0
for i in "${!NAMES[@]}"; do
  echo "  ${NAMES[$i]}: ${RESULTS[$i]}"
  [[ "${RESULTS[$i]}" == "no injection found" ]] || status=1
done
grep -h "ERROR\|500" "$WORK/server.log" | head -5 || true
echo "logs: $WORK"
exit $status
