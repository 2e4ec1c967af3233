import {
  bridgeCommand,
  linuxDownload,
  linuxRun,
  linuxService,
  windowsRun,
  windowsService,
} from './bridge-commands';

const PANEL = 'https://panel.example.net';
const TOKEN = 'opsrv_abc_123';
const all = (token: string | null) => [
  bridgeCommand(PANEL, token),
  linuxDownload(PANEL),
  linuxRun(PANEL, token),
  linuxService(PANEL, token),
  windowsRun(PANEL, token),
  windowsService(PANEL, token),
];

describe('the bridge commands a manager pastes', () => {
  it('never run npx that could fetch a package from a registry', () => {
    for (const text of all(TOKEN)) {
      expect(text).not.toMatch(/\bnpx\b(?! --no-install)/);
      expect(text).not.toMatch(/\bnpm (i|install|exec)\b/);
    }
  });

  it('Linux: downloads the file from this panel and checks it against its SHA-256 before running it', () => {
    expect(linuxDownload(PANEL)).toBe(
      [
        'curl -fsSLO https://panel.example.net/downloads/outpost-bridge.mjs',
        'curl -fsSL https://panel.example.net/downloads/outpost-bridge.mjs.sha256 | sha256sum -c -',
      ].join('\n'),
    );
    expect(bridgeCommand(PANEL, TOKEN)).toBe(
      'node outpost-bridge.mjs --url https://panel.example.net --token opsrv_abc_123 --rcon-host 127.0.0.1 --rcon-port 28016 --rcon-password <your rcon password>',
    );
    expect(linuxRun(PANEL, null)).toBe(
      [
        'OUTPOST_URL=https://panel.example.net',
        "OUTPOST_TOKEN='<server token>'",
        'RCON_HOST=127.0.0.1',
        'RCON_PORT=28016',
        "RCON_PASSWORD='<your rcon password>'",
        'node outpost-bridge.mjs',
      ].join(' \\\n  '),
    );
  });

  it('Linux: a systemd unit that always restarts, its secrets in a file only root reads', () => {
    const text = linuxService(PANEL, TOKEN);
    const lines = text.split('\n');
    expect(lines).toContain("sudo sh -c 'umask 077; cat > /etc/outpost-bridge.env' <<'EOF'");
    expect(lines).toContain(`OUTPOST_TOKEN=${TOKEN}`);
    expect(lines).toContain('RCON_PASSWORD=<your rcon password>');
    expect(lines).toContain('EnvironmentFile=/etc/outpost-bridge.env');
    expect(lines).toContain('Restart=always');
    expect(lines).toContain(
      'ExecStart=/usr/bin/env node /opt/outpost-bridge/outpost-bridge.mjs --data-dir /var/lib/outpost-bridge',
    );
    expect(lines).toContain('sudo systemctl daemon-reload && sudo systemctl enable --now outpost-bridge');
    // The unit itself, readable by anyone, holds no secret.
    const unit = text.slice(text.indexOf('[Unit]'), text.indexOf('WantedBy'));
    expect(unit).not.toContain(TOKEN);
    expect(unit).not.toContain('RCON_PASSWORD');
  });

  it('Windows: PowerShell downloads, refuses a file whose SHA-256 differs, and runs it', () => {
    const lines = windowsRun(PANEL, TOKEN).split('\n');
    expect(lines[0]).toBe(
      'Invoke-WebRequest https://panel.example.net/downloads/outpost-bridge.mjs -OutFile outpost-bridge.mjs',
    );
    expect(lines[1]).toContain('https://panel.example.net/downloads/outpost-bridge.mjs.sha256');
    expect(lines[2]).toBe(
      "if ((Get-FileHash outpost-bridge.mjs -Algorithm SHA256).Hash -ne $sum) { throw 'SHA-256 mismatch: do not run outpost-bridge.mjs' }",
    );
    expect(lines).toContain(`$env:OUTPOST_TOKEN = '${TOKEN}'`);
    expect(lines.at(-1)).toBe('node outpost-bridge.mjs');
  });

  it('Windows: a task that starts with the machine and restarts, its secrets readable by SYSTEM and admins only', () => {
    const text = windowsService(PANEL, TOKEN);
    expect(text).toContain(`OUTPOST_TOKEN=${TOKEN}`);
    expect(text).toContain('icacls "$dir\\bridge.env" /inheritance:r /grant:r "SYSTEM:F" "Administrators:F"');
    expect(text).toContain('--env-file=bridge.env outpost-bridge.mjs --data-dir data');
    expect(text).toContain('New-ScheduledTaskTrigger -AtStartup');
    expect(text).toContain('-RestartCount 999');
    expect(text).toContain('-User SYSTEM');
  });

  it('puts the placeholder where no token was issued yet', () => {
    for (const text of all(null).filter((t) => t.includes('OUTPOST_TOKEN') || t.includes('--token')))
      expect(text).toContain('<server token>');
  });
});
