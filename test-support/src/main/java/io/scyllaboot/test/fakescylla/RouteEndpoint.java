package io.scyllaboot.test.fakescylla;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A private endpoint in front of one node, as a PrivateLink load balancer's per-node port: a TCP
 * proxy that forwards every byte between a client and the node's regular port. The node sees the
 * proxy's own connection (a fresh source port), so the client's source port, and with it the
 * shard-aware port's shard choice, does not survive it; the node picks the shard as for any
 * connection to its regular port.
 */
final class RouteEndpoint implements AutoCloseable {
  private final InetSocketAddress address;
  private final FakeScyllaNode node;
  private final EventLoopGroup loops;
  private final Channel server;
  private final ChannelGroup clients = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
  private final AtomicInteger open = new AtomicInteger();

  RouteEndpoint(
      InetSocketAddress address,
      FakeScyllaNode node,
      EventLoopGroup acceptors,
      EventLoopGroup loops) {
    this.address = address;
    this.node = node;
    this.loops = loops;
    try {
      this.server =
          new ServerBootstrap()
              .group(acceptors, loops)
              .channel(NioServerSocketChannel.class)
              .option(ChannelOption.SO_REUSEADDR, true)
              .childOption(ChannelOption.AUTO_READ, false) // until the node side is connected
              .childOption(ChannelOption.TCP_NODELAY, true)
              .childHandler(
                  new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel client) {
                      client.pipeline().addLast(new ClientSide());
                    }
                  })
              .bind(address)
              .syncUninterruptibly()
              .channel();
    } catch (Exception e) {
      throw new IllegalStateException("cannot listen on route endpoint " + address + ": " + e, e);
    }
  }

  InetSocketAddress address() {
    return address;
  }

  FakeScyllaNode node() {
    return node;
  }

  /** Client connections open through this endpoint. */
  int openConnections() {
    return open.get();
  }

  /** Stops listening and closes every connection through it (both sides). */
  @Override
  public void close() {
    server.close().syncUninterruptibly();
    clients.close().syncUninterruptibly();
  }

  /** The client's side: connects to the node when the client connects, then forwards. */
  private final class ClientSide extends ChannelInboundHandlerAdapter {
    private Channel nodeSide;

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
      Channel client = ctx.channel();
      clients.add(client);
      open.incrementAndGet();
      client.closeFuture().addListener(closed -> open.decrementAndGet());
      new Bootstrap()
          .group(client.eventLoop())
          .channel(NioSocketChannel.class)
          .option(ChannelOption.TCP_NODELAY, true)
          .handler(new Forwarder(client))
          .connect(node.address())
          .addListener(
              (ChannelFutureListener)
                  connected -> {
                    if (connected.isSuccess()) {
                      nodeSide = connected.channel();
                      clients.add(nodeSide);
                      client.read();
                    } else {
                      client.close(); // the node is down: as a load balancer without a target
                    }
                  });
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      forward(msg, ctx.channel(), nodeSide);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      if (nodeSide != null) {
        nodeSide.close();
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close();
    }
  }

  /** The node's side: forwards the node's answers (and pushed events) to the client. */
  private static final class Forwarder extends ChannelInboundHandlerAdapter {
    private final Channel client;

    Forwarder(Channel client) {
      this.client = client;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      forward(msg, ctx.channel(), client);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      client.close();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close();
    }
  }

  /**
   * Writes what one side read to the other and reads on when it is written (back pressure); the
   * buffer is released by the write, or here when the other side is gone.
   */
  private static void forward(Object msg, Channel from, Channel to) {
    if (to == null || !to.isActive()) {
      ReferenceCountUtil.release(msg);
      from.close();
      return;
    }
    to.writeAndFlush(msg)
        .addListener(
            (ChannelFutureListener)
                written -> {
                  if (written.isSuccess()) {
                    from.read();
                  } else {
                    from.close();
                  }
                });
  }
}
