// Runs one autocannon load in its own process, so the load generator does not share the server's
// event loop. Input: a JSON job on stdin. Output: one JSON line with the numbers.
import autocannon from 'autocannon';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const job = JSON.parse(input);
let next = 0;
const request = { method: job.method, path: job.path, headers: job.headers ?? {} };
if (job.bodies) {
  request.setupRequest = (req) => ({ ...req, body: job.bodies[next++ % job.bodies.length] });
}
const result = await autocannon({
  url: job.url,
  connections: job.connections,
  duration: job.duration,
  requests: [request],
});
process.stdout.write(
  `${JSON.stringify({
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  })}\n`,
);
