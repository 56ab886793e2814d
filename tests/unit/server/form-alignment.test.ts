import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseForm } from '../../../src/server/http/body-parsers';
import { alignForm } from '../../../src/server/http/form-alignment';

const parse = <S extends z.ZodType>(schema: S, text: string): z.output<S> =>
  schema.parse(alignForm(schema, parseForm(text)));

describe('form bodies shaped by the call schema', () => {
  it('keeps numeric keys of a record as keys', () => {
    const schema = z.object({ extra_sql: z.record(z.string(), z.string()).default({}) });
    expect(parse(schema, 'extra_sql[5]=a%3D1&extra_sql[7]=b')).toEqual({
      extra_sql: { '5': 'a=1', '7': 'b' },
    });
    expect(parse(schema, 'extra_sql[0]=x')).toEqual({ extra_sql: { '0': 'x' } });
    // Above the parser's list limit qs builds an object already; both kinds mixed stay keyed.
    expect(parse(schema, 'extra_sql[5]=a&extra_sql[1500]=b')).toEqual({
      extra_sql: { '5': 'a', '1500': 'b' },
    });
  });

  it('compacts lists as before, at any depth', () => {
    const schema = z.object({
      filters: z.array(z.object({ name: z.string(), value: z.array(z.string()).optional() })),
    });
    expect(parse(schema, 'filters[2][name]=b&filters[0][name]=a&filters[0][value][3]=x')).toEqual({
      filters: [{ name: 'a', value: ['x'] }, { name: 'b' }],
    });
  });

  it('follows optional, default, preprocess and union wrappers', () => {
    const listOf = z.preprocess(
      (v) => (Array.isArray(v) ? v : v === undefined ? [] : [v]),
      z.array(z.string()),
    );
    const schema = z.object({
      root: listOf,
      map: z.union([z.record(z.string(), z.string()), z.string()]).optional(),
      rows: z.array(z.record(z.string(), z.string())).optional(),
    });
    expect(parse(schema, 'root[]=1|show&root[]=2|show&map[9]=x&rows[0][4]=y')).toEqual({
      root: ['1|show', '2|show'],
      map: { '9': 'x' },
      rows: [{ '4': 'y' }],
    });
  });

  it('compacts where the schema says nothing', () => {
    expect(alignForm(z.unknown(), parseForm('a[3]=x&b[c][2]=y'))).toEqual({ a: ['x'], b: { c: ['y'] } });
  });
});
