/**
 * The SMTP sink in its own process, so the bench measures the sender rather than the sink
 * sharing its event loop. Prints `port` on stdout; answers an IPC 'report' with the counts.
 */
import { startSmtpSink } from "../../src/server/test/smtp-sink";

const counts = new Map<string, number>();
const sink = await startSmtpSink({ store: false, onMail: (to) => to.forEach((a) => counts.set(a, (counts.get(a) ?? 0) + 1)) });
process.send?.({ port: sink.port });
process.on("message", async (msg: { type: string }) => {
  if (msg.type === "report") {
    const cpu = process.cpuUsage();
    process.send?.({ counts: [...counts], cpuSeconds: (cpu.user + cpu.system) / 1e6 });
  }
  if (msg.type === "close") {
    await sink.close();
    process.exit(0);
  }
});
