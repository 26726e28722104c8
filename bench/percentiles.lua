-- wrk reporter: one JSON line with throughput, latency percentiles (ms), socket errors and the
-- count of answers with status >= 400 (wrk's own summary.errors.status: a counter kept in a
-- thread's Lua state would never reach done(), which runs in another).
function done(summary, latency, requests)
  io.write(string.format(
    '{"requests": %d, "seconds": %.3f, "p50": %.2f, "p95": %.2f, "p99": %.2f, "errors": %d, "non_ok": %d}\n',
    summary.requests, summary.duration / 1e6,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.errors.status))
end
