import { SimulatedServer, type SimulatedServerOptions } from './simulated-server';

export type SimulatedServerSpec = Omit<SimulatedServerOptions, 'baseUrl' | 'log'>;

export type StartSimulatedServersOptions = {
  baseUrl: string;
  servers: SimulatedServerSpec[];
  log?: (line: string) => void;
};

export type RunningSimulation = {
  servers: SimulatedServer[];
  stop(): Promise<void>;
};

/** Runs simulated servers in this process (the demo network, tests, benchmarks). */
export const startSimulatedServers = (options: StartSimulatedServersOptions): RunningSimulation => {
  const servers = options.servers.map(
    (spec) =>
      new SimulatedServer({
        ...spec,
        baseUrl: options.baseUrl,
        log: options.log ? (line) => options.log?.(`[${spec.hostname ?? 'simulated'}] ${line}`) : undefined,
      }),
  );
  for (const server of servers) server.start();
  return {
    servers,
    stop: async () => {
      await Promise.all(servers.map((server) => server.stop()));
    },
  };
};
