import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { CONTRACTS_VERSION, contractsMajor, ROUTES } from './index';

// The contract between separately shipped builds (the shell and each remote): what the shell hands
// a remote's exposed modules, the slot, the names builds find each other by, and the screens each
// remote must render. A change of its shape is breaking for builds made before it, so it must come
// with a new major of @outpost/contracts (the shell then shows those builds' explained fallback).
const CONTRACT_TYPES = [
  'RemoteName',
  'RemotesManifest',
  'RemoteRoutesProps',
  'PlayersTabProps',
  'PunishmentsTabProps',
  'ReportsTabProps',
  'RemoteSlotProps',
  'RemoteBuildInfo',
];
const CONTRACT_VALUES = [
  'REMOTE_SCOPE',
  'REMOTE_ROUTES_MODULE',
  'PLAYERS_TAB_MODULE',
  'PUNISHMENTS_TAB_MODULE',
  'REPORTS_TAB_MODULE',
];
const RECORD = path.join(__dirname, '..', 'federation-contract.json');
const PACKAGE = path.join(__dirname, '..', 'package.json');

/** A type written out in full (properties sorted), so only a change of shape changes the text. */
const shapeOf = (checker: ts.TypeChecker, type: ts.Type, depth = 0): string => {
  if (depth > 6) return checker.typeToString(type);
  if (type.isUnion())
    return type.types
      .map((member) => shapeOf(checker, member, depth + 1))
      .sort()
      .join(' | ');
  const flags = ts.TypeFlags.Object | ts.TypeFlags.Intersection;
  if (!(type.flags & flags) || checker.getSignaturesOfType(type, ts.SignatureKind.Call).length)
    return checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation);
  const properties = checker.getPropertiesOfType(type).map((property) => {
    const optional = property.flags & ts.SymbolFlags.Optional ? '?' : '';
    const propertyType = checker.getTypeOfSymbol(property);
    return `${property.name}${optional}: ${shapeOf(checker, propertyType, depth + 1)}`;
  });
  const index = checker
    .getIndexInfosOfType(type)
    .map((info) => `[key: ${checker.typeToString(info.keyType)}]: ${shapeOf(checker, info.type, depth + 1)}`);
  return `{ ${[...index, ...properties.sort()].join('; ')} }`;
};

const contractShape = (): string => {
  const entry = path.join(__dirname, 'index.ts');
  const program = ts.createProgram([entry], { strict: true, noEmit: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  if (!source) throw new Error('libs/contracts/src/index.ts not found');
  const module = checker.getSymbolAtLocation(source);
  if (!module) throw new Error('libs/contracts has no exports');
  const exports = new Map(checker.getExportsOfModule(module).map((symbol) => [symbol.name, symbol]));
  const resolve = (name: string) => {
    const symbol = exports.get(name);
    if (!symbol) throw new Error(`@outpost/contracts no longer exports ${name}`);
    return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  };
  const types = CONTRACT_TYPES.map(
    (name) => `type ${name} = ${shapeOf(checker, checker.getDeclaredTypeOfSymbol(resolve(name)))}`,
  );
  const values = CONTRACT_VALUES.map(
    (name) => `const ${name}: ${shapeOf(checker, checker.getTypeOfSymbol(resolve(name)))}`,
  );
  const screens = ROUTES.filter((route) => route.owner !== 'shell').map(
    (route) => `${route.owner}:${route.screen}`,
  );
  return [...types, ...values, `screens ${screens.sort().join(' ')}`].join('\n');
};

type Recorded = { major: number; hash: string; shape: string };

describe('the federation contract (@outpost/contracts major)', () => {
  it('CONTRACTS_VERSION is the package version', () => {
    expect(CONTRACTS_VERSION).toBe(JSON.parse(readFileSync(PACKAGE, 'utf8')).version);
  });

  it('changes shape only with a new major', () => {
    const shape = contractShape();
    const hash = createHash('sha256').update(shape).digest('hex');
    const recorded = JSON.parse(readFileSync(RECORD, 'utf8')) as Recorded;
    const major = contractsMajor(CONTRACTS_VERSION);
    if (hash !== recorded.hash && major === recorded.major)
      throw new Error(
        `The contract between the shell and the remotes changed shape without a new major of @outpost/contracts ` +
          `(still ${major}). Bump the major in libs/contracts/package.json and CONTRACTS_VERSION, then record the ` +
          `shape with UPDATE_CONTRACT_SHAPE=1. Recorded:\n${recorded.shape}\nNow:\n${shape}`,
      );
    if (process.env.UPDATE_CONTRACT_SHAPE === '1') {
      writeFileSync(RECORD, `${JSON.stringify({ major, hash, shape } satisfies Recorded, null, 2)}\n`);
      return;
    }
    expect({ major, hash }).toEqual({ major: recorded.major, hash: recorded.hash });
  });
});
