#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# bootstrap-gitlab-runner.sh - run a GitLab runner for this pipeline on
# your own machine, with docker compose, for people with their own GitLab
# (or without shared-runner minutes).
#
#   1. In GitLab: Settings > CI/CD > Runners > New project runner, "Run
#      untagged jobs", create, copy the token (glrt-...).
#   2. GITLAB_RUNNER_TOKEN=glrt-... [GITLAB_URL=https://gitlab.example.org] \
#        bash ci/gitlab-ci/bootstrap-gitlab-runner.sh
#
# It writes docker-compose.yml and the runner's config.toml into
# RUNNER_DIR (default ~/.libslab-gitlab-runner), registers the runner with
# the docker executor, privileged (the container stage runs Docker-in-
# Docker, and the KUnit jobs want many CPUs but no /dev/kvm: QEMU runs
# TCG), and starts it.  --print writes the files and prints the commands
# without running them.  Needs docker with the compose plugin.
set -euo pipefail

print=0
[ "${1:-}" = --print ] && print=1
url=${GITLAB_URL:-https://gitlab.com}
dir=${RUNNER_DIR:-$HOME/.libslab-gitlab-runner}
token=${GITLAB_RUNNER_TOKEN:-}
[ -n "$token" ] || [ $print = 1 ] || {
	echo "bootstrap-gitlab-runner: set GITLAB_RUNNER_TOKEN to the token GitLab gave the new runner" >&2
	exit 2
}
concurrent=${RUNNER_CONCURRENT:-$(nproc)}

mkdir -p "$dir/config"
cat > "$dir/docker-compose.yml" <<YAML
# A GitLab runner for the libslab pipeline (bootstrap-gitlab-runner.sh).
services:
  gitlab-runner:
    image: gitlab/gitlab-runner:alpine
    restart: unless-stopped
    volumes:
      - ./config:/etc/gitlab-runner
      - /var/run/docker.sock:/var/run/docker.sock
YAML

register=(docker compose -f "$dir/docker-compose.yml" run --rm gitlab-runner register
	--non-interactive --url "$url" --token "${token:-<GITLAB_RUNNER_TOKEN>}"
	--executor docker --docker-image debian:12 --docker-privileged
	--docker-volumes /certs/client --docker-volumes /cache)
start=(docker compose -f "$dir/docker-compose.yml" up -d)
if [ $print = 1 ]; then
	echo "wrote $dir/docker-compose.yml"
	printf '%q ' "${register[@]}"; echo
	echo "sed -i 's/^concurrent = .*/concurrent = $concurrent/' $dir/config/config.toml"
	printf '%q ' "${start[@]}"; echo
	exit 0
fi
if ! docker compose version >/dev/null 2>&1; then
	echo "bootstrap-gitlab-runner: needs docker with the compose plugin" >&2
	exit 1
fi
"${register[@]}"
sed -i "s/^concurrent = .*/concurrent = $concurrent/" "$dir/config/config.toml"
"${start[@]}"
echo "bootstrap-gitlab-runner: the runner runs; see it under Settings > CI/CD > Runners"
