# tablelint as a container image: `docker run --rm -v "$PWD:/src" IMAGE lint ...`
# (also the image of the `language: docker_image` pre-commit hook, see
# docs/pre-commit.md). Two stages: the first builds the .deb from this tree
# (tool only, no tests), the second installs it into a slim Debian 12 with
# its runtime dependencies only. Both stages run scripts of scripts/docker/;
# the second one's is tested in a clean Debian 12 chroot by ctest
# (package-chroot), since the test machines have no Docker daemon.
FROM debian:12 AS build
COPY . /src
RUN /src/scripts/docker/build-package.sh /src /out

FROM debian:12-slim
COPY --from=build /out/ /tmp/tablelint/
COPY scripts/docker/install-runtime.sh /usr/local/sbin/
RUN /usr/local/sbin/install-runtime.sh /tmp/tablelint/tablelint_*_amd64.deb \
 && rm -rf /tmp/tablelint /usr/local/sbin/install-runtime.sh
WORKDIR /src
ENTRYPOINT ["tablelint"]
CMD ["--help"]
