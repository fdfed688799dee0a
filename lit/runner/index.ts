// Public API of the lit runner.

export {
  applySubstitutions,
  discoverTests,
  evalFeatureExpr,
  parseTestScript,
  repoRoot,
  runLitFile,
  runLitFileAsync,
  runRunLine,
  runRunLineAsync,
} from './runner.js';
export type { LitFileResult, LitOptions, LitStatus, RunLine, RunLineOptions, RunLineResult, TestScript } from './runner.js';
export { parseCommand, ShellSyntaxError, tokenize } from './shell.js';
export type { Script, Pipeline, SimpleCommand, Redirect } from './shell.js';
