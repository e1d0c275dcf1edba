// Entry points report start-up failures (bad settings, a database in use) as one readable line.
export function runCommand(main: () => Promise<void>) {
  main().catch((error: unknown) => {
    console.error(`cvdp: ${error instanceof Error ? error.message : String(error)}`);
    if (process.env.LOG_LEVEL === 'debug' && error instanceof Error) console.error(error.stack);
    process.exit(1);
  });
}
