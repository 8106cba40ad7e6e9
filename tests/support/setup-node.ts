/** Integration tests run in Node: phones as the benchmarks make them. */
import '../../scripts/lib/node-phone.ts';
