import { RCON_DEFAULT_PORT } from '@outpost/contracts';

// What "Run the bridge" tells a manager to paste on the game server's machine. The bridge is the
// one file this panel serves (/downloads/outpost-bridge.mjs), checked against its SHA-256 and run
// with the machine's own Node.js 20+: nothing is fetched from a package registry.

export const BRIDGE_FILE = 'outpost-bridge.mjs';
export const TOKEN_PLACEHOLDER = '<server token>';
export const PASSWORD_PLACEHOLDER = '<your rcon password>';

const SECRETS = ['OUTPOST_TOKEN', 'RCON_PASSWORD'];

export const bridgeDownloadUrl = (panelUrl: string): string => `${panelUrl}/downloads/${BRIDGE_FILE}`;

const settings = (panelUrl: string, token: string | null): [string, string][] => [
  ['OUTPOST_URL', panelUrl],
  ['OUTPOST_TOKEN', token ?? TOKEN_PLACEHOLDER],
  ['RCON_HOST', '127.0.0.1'],
  ['RCON_PORT', String(RCON_DEFAULT_PORT)],
  ['RCON_PASSWORD', PASSWORD_PLACEHOLDER],
];

/** The bridge's command line with every setting as a flag (the same on Linux and Windows). */
export const bridgeCommand = (panelUrl: string, token: string | null): string =>
  [
    `node ${BRIDGE_FILE}`,
    `--url ${panelUrl}`,
    `--token ${token ?? TOKEN_PLACEHOLDER}`,
    '--rcon-host 127.0.0.1',
    `--rcon-port ${RCON_DEFAULT_PORT}`,
    `--rcon-password ${PASSWORD_PLACEHOLDER}`,
  ].join(' ');

/** Linux: download the bridge, check it against the panel's SHA-256 (a mismatch stops here). */
export const linuxDownload = (panelUrl: string): string =>
  [
    `curl -fsSLO ${bridgeDownloadUrl(panelUrl)}`,
    `curl -fsSL ${bridgeDownloadUrl(panelUrl)}.sha256 | sha256sum -c -`,
  ].join('\n');

/** Linux: run it, the settings in the environment (nothing secret in `ps`). */
export const linuxRun = (panelUrl: string, token: string | null): string =>
  [
    // The two secrets in single quotes: a password may hold spaces or characters the shell reads.
    ...settings(panelUrl, token).map(([name, value]) =>
      SECRETS.includes(name) ? `${name}='${value}'` : `${name}=${value}`,
    ),
    `node ${BRIDGE_FILE}`,
  ].join(' \\\n  ');

/**
 * Linux: keep it running with systemd. The secrets sit in an environment file only root reads
 * (systemd reads it before starting the service as an unprivileged dynamic user).
 */
export const linuxService = (panelUrl: string, token: string | null): string =>
  [
    `sudo install -D -m 644 ${BRIDGE_FILE} /opt/outpost-bridge/${BRIDGE_FILE}`,
    "sudo sh -c 'umask 077; cat > /etc/outpost-bridge.env' <<'EOF'",
    ...settings(panelUrl, token).map(([name, value]) => `${name}=${value}`),
    'EOF',
    "sudo tee /etc/systemd/system/outpost-bridge.service > /dev/null <<'EOF'",
    '[Unit]',
    'Description=Outpost bridge (Rust WebRCON to the panel)',
    'Wants=network-online.target',
    'After=network-online.target',
    '',
    '[Service]',
    'EnvironmentFile=/etc/outpost-bridge.env',
    `ExecStart=/usr/bin/env node /opt/outpost-bridge/${BRIDGE_FILE} --data-dir /var/lib/outpost-bridge`,
    'DynamicUser=yes',
    'StateDirectory=outpost-bridge',
    'Restart=always',
    'RestartSec=5',
    '',
    '[Install]',
    'WantedBy=multi-user.target',
    'EOF',
    'sudo systemctl daemon-reload && sudo systemctl enable --now outpost-bridge',
    'journalctl -u outpost-bridge -f',
  ].join('\n');

/** Windows (PowerShell): download, check the SHA-256 (a mismatch stops with an error), run. */
export const windowsRun = (panelUrl: string, token: string | null): string =>
  [
    `Invoke-WebRequest ${bridgeDownloadUrl(panelUrl)} -OutFile ${BRIDGE_FILE}`,
    `$sum = ((Invoke-WebRequest ${bridgeDownloadUrl(panelUrl)}.sha256 -UseBasicParsing).Content -split '\\s+')[0]`,
    `if ((Get-FileHash ${BRIDGE_FILE} -Algorithm SHA256).Hash -ne $sum) { throw 'SHA-256 mismatch: do not run ${BRIDGE_FILE}' }`,
    ...settings(panelUrl, token).map(([name, value]) => `$env:${name} = '${value}'`),
    `node ${BRIDGE_FILE}`,
  ].join('\n');

/**
 * Windows: keep it running as a scheduled task that starts with the machine, runs as SYSTEM and
 * restarts after a failure. The secrets sit in a file only SYSTEM and Administrators read, which
 * Node loads with --env-file.
 */
export const windowsService = (panelUrl: string, token: string | null): string =>
  [
    '$dir = "$env:ProgramData\\outpost-bridge"',
    'New-Item -ItemType Directory -Force $dir | Out-Null',
    `Copy-Item ${BRIDGE_FILE} $dir`,
    // A single-quoted here-string: a $ in the token or the password stays as it is.
    'Set-Content "$dir\\bridge.env" @\'',
    ...settings(panelUrl, token).map(([name, value]) => `${name}=${value}`),
    "'@",
    'icacls "$dir\\bridge.env" /inheritance:r /grant:r "SYSTEM:F" "Administrators:F"',
    `$action = New-ScheduledTaskAction -Execute (Get-Command node).Source -WorkingDirectory $dir -Argument "--env-file=bridge.env ${BRIDGE_FILE} --data-dir data"`,
    '$settings = New-ScheduledTaskSettingsSet -RestartCount 999 -RestartInterval (New-TimeSpan -Minutes 1) -ExecutionTimeLimit 0',
    "Register-ScheduledTask -TaskName 'Outpost bridge' -Action $action -Trigger (New-ScheduledTaskTrigger -AtStartup) -Settings $settings -User SYSTEM -RunLevel Highest",
    "Start-ScheduledTask -TaskName 'Outpost bridge'",
  ].join('\n');
