# Runs a libFuzzer binary for SECONDS on a copy of the SEEDS corpus (so new
# inputs do not land in the source tree). Fails on any crash, leak, timeout
# or sanitizer report: libFuzzer exits non-zero on each. SEED fixes the
# random stream (0: a new one each run), so a red test repeats on the same
# machine; the duration still bounds the run, so a faster machine goes
# further along the same stream.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
file(GLOB SEED_FILES ${SEEDS}/*)
file(COPY ${SEED_FILES} DESTINATION ${WORK})
execute_process(
  COMMAND ${FUZZER} -seed=${SEED} -max_total_time=${SECONDS} -timeout=10 -rss_limit_mb=2048
          -max_len=4096 -print_final_stats=1 ${WORK}
  RESULT_VARIABLE RESULT)
if(NOT RESULT EQUAL 0)
  message(FATAL_ERROR "${FUZZER} failed (exit ${RESULT}); the crashing input is in the working directory")
endif()
