# The search engine (search-engine/, Rust on Tantivy), built with the lockfile's versions, run from a
# slim image as an unprivileged user; its indexes live in the volume at /data.
FROM rust:1-bookworm AS build
WORKDIR /src
COPY search-engine/Cargo.toml search-engine/Cargo.lock ./
COPY search-engine/src ./src
RUN cargo build --release --locked

FROM debian:bookworm-slim
COPY --from=build /src/target/release/search-engine /usr/local/bin/search-engine
RUN mkdir /data && chown nobody:nogroup /data
USER nobody
ENV SEARCH_ENGINE_HOST=0.0.0.0 SEARCH_ENGINE_PORT=4006 SEARCH_DATA_DIR=/data
EXPOSE 4006
ENTRYPOINT ["/usr/local/bin/search-engine"]
