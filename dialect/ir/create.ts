/** Creates operations, attaching the registered definition of their name. */
import { Operation, type OperationInit } from './ir.js';
import { getOpDefinition } from './op-definition.js';

export function createOperation(init: OperationInit): Operation {
  return new Operation(init, getOpDefinition(init.name));
}
