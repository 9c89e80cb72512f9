import { Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { RequestSeries } from "./request-series";

// The hand-kept series must render exactly what prom-client's own Counter and Histogram would.

describe("RequestSeries", () => {
  it("renders the same histogram text as prom-client for the same observations", async () => {
    const bounds = [0.01, 0.1, 1];
    const observations: [string, number][] = [
      ["/v2/a", 0.005],
      ["/v2/a", 0.01],
      ["/v2/a", 0.5],
      ["/v2/a", 7],
      ["/v2/b", 0.1],
    ];
    const ours = new Registry();
    const series = new RequestSeries(bounds);
    series.register(ours);
    const reference = new Registry();
    const histogram = new Histogram({
      name: "weft_http_request_duration_seconds",
      help: "Time to answer an API call, by registry operation (or unknown).",
      labelNames: ["operation"],
      buckets: bounds,
      registers: [reference],
    });
    for (const [operation, seconds] of observations) {
      series.record(operation, 200, seconds);
      histogram.labels(operation).observe(seconds);
    }
    const text = await ours.getSingleMetricAsString("weft_http_request_duration_seconds");
    expect(text).toBe(await reference.getSingleMetricAsString("weft_http_request_duration_seconds"));
    expect(text).toContain('weft_http_request_duration_seconds_bucket{le="0.01",operation="/v2/a"} 2');
    expect(text).toContain('weft_http_request_duration_seconds_bucket{le="+Inf",operation="/v2/a"} 4');
  });

  it("counts calls per operation and status", async () => {
    const registry = new Registry();
    const series = new RequestSeries([1]);
    series.register(registry);
    series.record("/v2/a", 200, 0.1);
    series.record("/v2/a", 200, 0.1);
    series.record("/v2/a", 404, 0.1);
    series.record("unknown", 404, 0.1);
    expect((await registry.getSingleMetricAsString("weft_http_requests_total")).split("\n").slice(2)).toEqual([
      'weft_http_requests_total{operation="/v2/a",status="200"} 2',
      'weft_http_requests_total{operation="/v2/a",status="404"} 1',
      'weft_http_requests_total{operation="unknown",status="404"} 1',
    ]);
  });
});
