# Stand-in for postgres:16-alpine where Docker Hub cannot be reached (npm run test:compose builds it):
# the Debian base with Debian's PostgreSQL (15, which Paperboy also runs on) and an entrypoint that does
# what the official image's does with POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB on an empty
# /var/lib/postgresql/data.
ARG BASE_IMAGE
FROM ${BASE_IMAGE}
RUN mkdir -p /etc/postgresql-common/createcluster.d \
  && echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.d/no-main.conf \
  && apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql \
  && rm -rf /var/lib/apt/lists/* \
  && ln -s /usr/lib/postgresql/*/bin /usr/local/lib/postgresql-bin
ENV PATH=/usr/local/lib/postgresql-bin:$PATH PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/postgres-entrypoint.sh
# As the official image: a fast shutdown on `docker stop`.
STOPSIGNAL SIGINT
EXPOSE 5432
ENTRYPOINT ["sh", "/usr/local/bin/postgres-entrypoint.sh"]
