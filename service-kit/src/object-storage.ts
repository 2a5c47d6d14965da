import { Client } from 'minio';

export interface S3Settings {
  S3_ENDPOINT: string;
  S3_REGION: string;
  S3_ACCESS_KEY: string;
  S3_SECRET_KEY: string;
  S3_BUCKET: string;
  S3_FORCE_PATH_STYLE: boolean;
}

/**
 * Object storage over plain S3: endpoint, region, path-style and keys come from the environment, so any
 * S3-compatible store serves (MinIO locally).
 */
export class ObjectStorage {
  readonly client: Client;
  readonly bucket: string;
  private readonly region: string;

  constructor(settings: S3Settings) {
    const url = new URL(settings.S3_ENDPOINT);
    const useSSL = url.protocol === 'https:';
    this.client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : useSSL ? 443 : 80,
      useSSL,
      accessKey: settings.S3_ACCESS_KEY,
      secretKey: settings.S3_SECRET_KEY,
      region: settings.S3_REGION,
      pathStyle: settings.S3_FORCE_PATH_STYLE,
    });
    this.bucket = settings.S3_BUCKET;
    this.region = settings.S3_REGION;
  }

  async ensureBucket(): Promise<void> {
    if (await this.client.bucketExists(this.bucket)) return;
    try {
      await this.client.makeBucket(this.bucket, this.region);
    } catch (error) {
      // Another instance created it between the check and the create.
      if ((error as { code?: string }).code !== 'BucketAlreadyOwnedByYou') throw error;
    }
  }

  async ping(): Promise<void> {
    if (!(await this.client.bucketExists(this.bucket))) throw new Error(`bucket ${this.bucket} missing`);
  }
}
