import type { Post } from '@careers/contracts/entities/post';
import { useQuery } from '@tanstack/react-query';
import { Avatar } from '../../../components/avatar';
import { RelativeTime } from '../../../components/relative-time';
import { postQueryOptions } from '../api/get-post';
import { authorInitial, authorName } from './author';
import { CommentForm } from './comment-form';

/**
 * The open comment list. A feed page carries only a post's latest comments, so opening the list asks
 * for the whole post; until it comes (or if it fails) the feed's comments show.
 */
export function PostComments({ id, post, now }: { id: string; post: Post; now: Date }) {
  const fullPost = useQuery(postQueryOptions(post._id));
  const comments = fullPost.data?.comments ?? post.comments;

  return (
    <div className="post-comments" id={id}>
      {comments.length > 0 ? (
        <ul className="comment-list" aria-label="Comments">
          {comments.map((comment) => (
            <li key={comment._id} className="comment">
              <Avatar
                picture={comment.author.profilePicture}
                initials={authorInitial(comment.author)}
                size="small"
              />
              <div className="comment-body">
                <p className="comment-head">
                  <span className="comment-author">{authorName(comment.author)}</span>
                  <RelativeTime at={comment.createdAt} now={now} />
                </p>
                <p className="comment-content">{comment.content}</p>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <CommentForm postId={post._id} />
    </div>
  );
}
