import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('config', () => {
  it('has working defaults with an empty environment', () => {
    const c = loadConfig({});
    expect(c.PORT).to.equal(8080);
    expect(c.NEO4J_URI).to.equal(undefined);
    expect(c.NEO4J_DATABASE).to.equal('neo4j');
    expect(c.EMBEDDING_DIMENSIONS).to.equal(384);
    expect(c.MIGRATE_ON_START).to.equal(true);
    expect(c.publicUrl).to.equal('http://localhost:8080');
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', NEO4J_URI: 'http://db:7474' }))
      .to.throw(ConfigError)
      .with.property('message')
      .that.matches(/PORT/)
      .and.matches(/NEO4J_URI: must be a bolt:\/\/ or neo4j:\/\/ URI/);
  });

  it('treats empty strings as unset and parses booleans', () => {
    const c = loadConfig({ NEO4J_URI: '', OPENAI_API_KEY: ' ', MIGRATE_ON_START: 'false' });
    expect(c.NEO4J_URI).to.equal(undefined);
    expect(c.OPENAI_API_KEY).to.equal(undefined);
    expect(c.MIGRATE_ON_START).to.equal(false);
  });

  it('refuses a short ADMIN_TOKEN', () => {
    expect(() => loadConfig({ ADMIN_TOKEN: 'short' })).to.throw(/ADMIN_TOKEN: must be at least 16 characters/);
  });
});

describe('config: analysis threads', () => {
  it('analyses in one thread unless ANALYSIS_THREADS says otherwise (0: on the event loop), and names a bad value', () => {
    expect(loadConfig({}).ANALYSIS_THREADS).to.equal(1);
    expect(loadConfig({ ANALYSIS_THREADS: '0' }).ANALYSIS_THREADS).to.equal(0);
    expect(() => loadConfig({ ANALYSIS_THREADS: '-1' })).to.throw(/ANALYSIS_THREADS/);
  });
});

describe('config: schedules', () => {
  it('runs the background worker unless INGEST_WORKER=off, and names it when it is neither on nor off', () => {
    expect(loadConfig({}).INGEST_WORKER).to.equal('on');
    expect(loadConfig({ INGEST_WORKER: 'off' }).INGEST_WORKER).to.equal('off');
    expect(() => loadConfig({ INGEST_WORKER: 'no' })).to.throw(/INGEST_WORKER/);
  });

  it('accepts a cron pattern or off, and names JOBS_SCHEDULE when it is neither', () => {
    expect(loadConfig({ JOBS_SCHEDULE: '0 * * * *' }).JOBS_SCHEDULE).to.equal('0 * * * *');
    expect(loadConfig({ JOBS_SCHEDULE: 'off' }).JOBS_SCHEDULE).to.equal('off');
    expect(() => loadConfig({ JOBS_SCHEDULE: 'every now and then' })).to.throw(/JOBS_SCHEDULE: must be a cron pattern/);
  });
});
