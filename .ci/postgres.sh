#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:5432 as postgres (no password) with a database named test,
# as the suite's TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test) expects: a server that already answers is
# used as it is; otherwise Debian's PostgreSQL is started (installed first when missing) and its loopback connections
# for the postgres role are set to trust. Fails, with the server's log, when it still does not answer.
# Meant for a throw-away CI machine run as root; never run it against a server that holds anything of value.
set -euo pipefail

HOST=127.0.0.1
PORT=5432

answers() { pg_isready -q -h "$HOST" -p "$PORT" 2>/dev/null; }
connects() { psql -X -w -h "$HOST" -p "$PORT" -U postgres -d "${1:-postgres}" -Atc 'select 1' >/dev/null 2>&1; }
as_postgres() { runuser -u postgres -- "$@"; }

# The Debian cluster that listens on $PORT: "<version> <name>", or nothing.
cluster_on_port() {
  command -v pg_lsclusters >/dev/null || return 0
  pg_lsclusters --no-header 2>/dev/null | awk -v port="$PORT" '$3 == port { print $1, $2; exit }'
}

if ! answers; then
  if ! command -v pg_ctlcluster >/dev/null || [ -z "$(cluster_on_port)" ]; then
    if ! dpkg -s postgresql >/dev/null 2>&1; then
      echo "PostgreSQL is not installed: installing Debian's postgresql."
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq
      apt-get install -y -qq postgresql >/dev/null
    fi
    if [ -z "$(cluster_on_port)" ]; then
      version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
      echo "No cluster on port $PORT: creating PostgreSQL $version cluster main."
      pg_createcluster --port "$PORT" "$version" main >/dev/null
    fi
  fi
  read -r version name <<<"$(cluster_on_port)"
  echo "Starting PostgreSQL $version/$name on port $PORT."
  # --skip-systemctl-redirect: CI machines and containers have no systemd; start the cluster directly.
  if pg_ctlcluster --skip-systemctl-redirect "$version" "$name" start; then
    for _ in $(seq 1 60); do
      answers && break
      sleep 0.5
    done
  fi
fi

if ! answers; then
  echo "PostgreSQL does not answer on $HOST:$PORT." >&2
  tail -n 40 /var/log/postgresql/*.log >&2 2>/dev/null || true
  exit 1
fi

# The suite connects over TCP as postgres without a password: Debian's default asks for one (scram-sha-256), so trust
# the postgres role from the loopback addresses only, ahead of every other rule.
if ! connects && [ -n "$(cluster_on_port)" ]; then
  read -r version name <<<"$(cluster_on_port)"
  hba=$(as_postgres psql -X -Atc 'show hba_file')
  echo "Trusting postgres on the loopback addresses in $hba."
  {
    printf 'host all postgres 127.0.0.1/32 trust\nhost all postgres ::1/128 trust\n'
    cat "$hba"
  } >"$hba.new"
  chown --reference="$hba" "$hba.new"
  chmod --reference="$hba" "$hba.new"
  mv "$hba.new" "$hba"
  as_postgres psql -X -qAtc 'select pg_reload_conf()' >/dev/null
fi

if ! connects; then
  echo "PostgreSQL answers on $HOST:$PORT but refuses postgres without a password." >&2
  psql -X -w -h "$HOST" -p "$PORT" -U postgres -d postgres -c 'select 1' >&2 || true
  exit 1
fi

if ! connects test; then
  echo "Creating the database test."
  psql -X -w -h "$HOST" -p "$PORT" -U postgres -d postgres -qc 'create database test'
fi
connects test
echo "PostgreSQL $(psql -X -w -h "$HOST" -p "$PORT" -U postgres -d test -Atc 'show server_version') answers on $HOST:$PORT."
