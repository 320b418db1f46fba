import autocannon from 'autocannon';
const [url, dur='8', hdr] = process.argv.slice(2);
const r = await autocannon({ url, connections: 50, duration: Number(dur), headers: hdr ? JSON.parse(hdr) : {} });
console.log(Math.round(r.requests.average), 'req/s p99', r.latency.p99, 'non2xx', r.non2xx, 'errors', r.errors);
